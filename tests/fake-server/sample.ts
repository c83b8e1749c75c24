/**
 * `npm run sample-server`: a fake FlowFuse a newcomer can point Teamtray at. Port 8787 (or
 * PORT), a random one if that is taken. Stays up until Ctrl+C. Its online devices call home
 * every 30 s. `npm run sample-server -- --inbox` answers as FlowFuse 2.7+, with an inbox.
 */
import { parseArgs } from 'node:util';
import { seedSample } from './sample-data';
import { addSampleInbox, keepDevicesCallingHome } from './sample-life';
import { startFakeFlowFuse, type FakeFlowFuse } from './server';

const { values: flags } = parseArgs({ options: { inbox: { type: 'boolean', default: false } } });
const serverOptions = flags.inbox ? { version: '2.7.0', notifications: true } : {};

const DEFAULT_PORT = 8787;

async function start(): Promise<FakeFlowFuse> {
  const wanted = Number(process.env.PORT ?? DEFAULT_PORT);
  const port = Number.isInteger(wanted) && wanted >= 0 && wanted < 65536 ? wanted : DEFAULT_PORT;
  try {
    return await startFakeFlowFuse({ ...serverOptions, port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.warn(`Port ${port} is taken; using a random free port instead.`);
    return startFakeFlowFuse({ ...serverOptions, port: 0 });
  }
}

const fake = await start();
const { user, token, teams } = seedSample(fake);
const instances = fake.runtime.instances.size;
const devices = fake.runtime.devices.size;
const stopCallingHome = keepDevicesCallingHome(fake);
const inbox = flags.inbox
  ? `${addSampleInbox(fake, user)} unread notifications (as FlowFuse 2.7+)`
  : 'none (as FlowFuse 2.4.0; --inbox gives it one)';

console.log(`
Fake FlowFuse ${flags.inbox ? '2.7.0' : '2.4.0'} is running.

  Server URL:  ${fake.origin}
  User:        ${user.username} (${user.name}), ${teams.length} teams
               ${instances} instances (running, stopped, crashed, suspended, …), ${devices} devices
  Inbox:       ${inbox}
  Token:       ${token}

In Teamtray, add an account with the URL and token above. Plain http is fine here: the server
is on this machine (127.0.0.1). The token is the same on every start, so the account keeps
working after a restart of this server. Press Ctrl+C to stop.
`);

const stop = (): void => {
  stopCallingHome();
  void fake.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

/**
 * What the tray shows for a summary (main/tray-status.ts), per OS, without Electron:
 * - macOS: the count as the title beside the icon (`' 3'`, `''` for none);
 * - Windows: the icon with the count drawn on it (a tray icon has no title and no overlay;
 *   BrowserWindow.setOverlayIcon badges a taskbar button, and the popover has none);
 * - Linux: the attention icon, and the count in the tooltip (Tray.setTitle is macOS only).
 * Everywhere the tooltip lists what needs the user, per account. With the count turned off
 * (Settings), the tray goes back to the status icon and the plain status words.
 */
import { attentionText } from '../../common/attention';
import type { TraySummary } from './tray-status';
import { TRAY_TOOLTIPS, trayBadgeIconPath, trayIconPath } from './tray-icon';

/** Windows cuts a tray tooltip at 127 characters (NOTIFYICONDATA's szTip); all OSes keep to it. */
export const TOOLTIP_MAX_LENGTH = 127;
const LINE_MAX_LENGTH = 60;

export interface TrayFaceOptions {
  readonly platform: NodeJS.Platform;
  readonly iconDir: string;
  /** The "count on the tray" setting. */
  readonly showCount: boolean;
}

export interface TrayFace {
  readonly iconPath: string;
  /** macOS: the text beside the icon ('' for none). Null where a tray has no title. */
  readonly title: string | null;
  readonly tooltip: string;
}

export function trayFace(summary: TraySummary, options: TrayFaceOptions): TrayFace {
  const counted = options.showCount && summary.count > 0;
  const iconPath =
    counted && options.platform === 'win32'
      ? trayBadgeIconPath(badgeLabel(summary.count), options.iconDir)
      : trayIconPath(summary.status, options.platform, options.iconDir);
  const title = options.platform === 'darwin' ? (counted ? ` ${summary.count}` : '') : null;
  return { iconPath, title, tooltip: trayTooltip(summary, options.showCount) };
}

/** What the Windows badge says: 1 to 9, then 9+. */
export function badgeLabel(count: number): string {
  return count > 9 ? '9+' : String(Math.max(1, Math.floor(count)));
}

/**
 * "Teamtray — 3 need you", then a line per account ("ada @ example.com: 2 instances crashed"),
 * as many as fit, and "…and 2 more accounts" for the rest.
 */
export function trayTooltip(summary: TraySummary, showCount: boolean): string {
  const { count, perAccount } = summary;
  if (!showCount || count === 0) return TRAY_TOOLTIPS[summary.status];
  const lines = [`Teamtray — ${count} ${count === 1 ? 'needs' : 'need'} you`];
  let length = lines[0]?.length ?? 0;
  for (const [index, { title, counts }] of perAccount.entries()) {
    const line = clip(`${oneLine(title)}: ${attentionText(counts)}`);
    const after = perAccount.length - index - 1;
    // Room for this line, and for the "more" line if accounts follow it.
    const tail = after > 0 ? 1 + more(after).length : 0;
    if (length + 1 + line.length + tail > TOOLTIP_MAX_LENGTH) {
      lines.push(more(perAccount.length - index));
      break;
    }
    lines.push(line);
    length += 1 + line.length;
  }
  return lines.join('\n');
}

function more(accounts: number): string {
  return `…and ${accounts} more ${accounts === 1 ? 'account' : 'accounts'}`;
}

/** A label or username is anyone's text: one line, whatever it holds. */
function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function clip(text: string): string {
  return text.length > LINE_MAX_LENGTH ? `${text.slice(0, LINE_MAX_LENGTH - 1)}…` : text;
}

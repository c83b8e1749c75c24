/** The suite runs the built renderer: build it first, so one spec never tests an older bundle. */
import { buildApp } from '../../support/build-app';

export default function globalSetup(): void {
  buildApp('tests/e2e');
}

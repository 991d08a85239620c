/**
 * A test app whose payments go to a local Razorpay stand-in rather than the
 * sandbox provider, for the order, webhook, reconciliation and refund tests.
 */
import { buildTestApp, type BuildTestAppOverrides, type TestApp } from './build-test-app.ts';
import { startRazorpayPeer, type RazorpayPeer } from './peers/razorpay-peer.ts';

export interface RazorpayTestApp extends TestApp {
  /** The stand-in the app's provider calls: tests pay, fail and refund through it. */
  peer: RazorpayPeer;
}

/**
 * Starts the stand-in, then an app configured to call it. Closing closes the
 * app, then the stand-in. Pass `db` to share the database of another app.
 */
export async function buildRazorpayTestApp(
  overrides: BuildTestAppOverrides = {},
): Promise<RazorpayTestApp> {
  const peer = await startRazorpayPeer();
  const app = await buildTestApp({ ...overrides, env: { ...overrides.env, ...peer.env } });
  return {
    ...app,
    peer,
    close: async () => {
      await app.close();
      await peer.close();
    },
  };
}

import { build } from 'vite';

/** One SPA build for the whole browser suite, so each server start skips it. */
export default async function buildSpaOnce(): Promise<void> {
  await build({ logLevel: 'warn' });
}

// What the benchmarks need to act as signed-in users without signing in: an
// access token the server accepts (signed with the JWT_SECRET the benchmark
// started it with) and a WebSocket that resolves once it is open.
import { randomUUID } from 'node:crypto';

import { SignJWT } from 'jose';
import { WebSocket } from 'ws';

/** A function that signs a one-hour access token for `{ id, email, full_name, role }`. */
export function accessTokenSigner(secret) {
  const key = new TextEncoder().encode(secret);
  return (user) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      token_type: 'access',
      user_id: user.id,
      username: user.email,
      email: user.email,
      full_name: user.full_name,
      avatar: null,
      role: user.role,
      coins: 0,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .setJti(randomUUID())
      .sign(key);
  };
}

/** A socket to `url`, once open; rejects when it fails or closes first. */
export function openSocket(url) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`closed ${String(code)} before use`)));
  });
}

import { describe, expect, it } from 'vitest';

import { AUTH_MESSAGES } from '../messages/auth.ts';

import { CodeTokenBodySchema, SignInCodeRequestBodySchema } from './auth.ts';

const CHALLENGE = '6f1c2a8e-1b2c-4d3e-8f90-123456789abc';
const base = { username: 'owner@example.in', password: 'Owner@12345', challenge: CHALLENGE };

describe('CodeTokenBodySchema', () => {
  it.each([
    { code: '424242', expected: '424242' },
    { code: ' 012345 ', expected: '012345' },
  ])('accepts $code as $expected', ({ code, expected }) => {
    expect(CodeTokenBodySchema.parse({ ...base, code }).code).toBe(expected);
  });

  it.each(['', '12345', '1234567', '12a456', '１２３４５６'])(
    'refuses the code %j with the form message',
    (code) => {
      const result = CodeTokenBodySchema.safeParse({ ...base, code });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(AUTH_MESSAGES.signInCodeFormat);
    },
  );

  it.each([
    ['a challenge that is not a UUID', { ...base, challenge: 'abc', code: '424242' }],
    ['no challenge', { username: base.username, password: base.password, code: '424242' }],
    ['no password', { username: base.username, challenge: CHALLENGE, code: '424242' }],
  ])('refuses %s', (_name, body) => {
    expect(CodeTokenBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('SignInCodeRequestBodySchema', () => {
  it.each([
    [{ email: ' owner@example.in ' }, true],
    [{ email: '   ' }, false],
    [{ email: 42 }, false],
    [{}, false],
  ])('%j → %s', (body, ok) => {
    expect(SignInCodeRequestBodySchema.safeParse(body).success).toBe(ok);
  });
});

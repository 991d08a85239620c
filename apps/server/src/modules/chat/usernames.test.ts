import type {
  ChatMessageList,
  ConversationDetail,
  ConversationList,
} from '@gurumatch/shared/schemas/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createConversation, storeMessage } from '../../../test/chat-fixtures.ts';
import { call, registerTeacher, registerUser } from '../../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('chat answers never carry an e-mail', () => {
  it('answers `username` as a handle made from the id, in lists, details and messages, for both sides', async () => {
    const student = await registerUser(t.app, { full_name: 'Ananya Rao' });
    const tutor = await registerTeacher(t.app, { full_name: 'Rahul Sharma' });
    const { conversationId } = await createConversation(t.db, {
      tutorId: tutor.userId,
      studentId: student.userId,
    });
    await storeMessage(t.db, { conversationId, senderId: tutor.userId, content: 'Hello' });
    await storeMessage(t.db, { conversationId, senderId: student.userId, content: 'Hi there' });
    const localParts = [student.email, tutor.email].map((email) => email.split('@')[0] ?? '');

    for (const viewer of [student, tutor]) {
      const answers = [
        await call(t.app, 'GET', '/api/chat/conversations/', viewer.access),
        await call(
          t.app,
          'GET',
          `/api/chat/conversations/${String(conversationId)}/detail/`,
          viewer.access,
        ),
        await call(
          t.app,
          'GET',
          `/api/chat/conversations/${String(conversationId)}/messages/`,
          viewer.access,
        ),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        for (const localPart of localParts) expect(answer.body).not.toContain(localPart);
        expect(answer.body).not.toContain('@example.in');
      }
      const [list, detail, messages] = answers;
      const other = viewer === student ? tutor : student;
      expect(list?.json<ConversationList>().results[0]?.other_user).toMatchObject({
        id: other.userId,
        username: `user${String(other.userId)}`,
        full_name: other.fullName,
      });
      expect(detail?.json<ConversationDetail>().other_user.username).toBe(
        `user${String(other.userId)}`,
      );
      expect(
        messages?.json<ChatMessageList>().results.map((message) => message.sender.username),
      ).toEqual([`user${String(tutor.userId)}`, `user${String(student.userId)}`]);
    }
  });
});

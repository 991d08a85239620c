import { randomBytes } from 'node:crypto';

import {
  PROOF_KINDS,
  UPLOADS_WINDOW_SECONDS,
  type Gender,
  type ProofKind,
  type Role,
  type TeachingMode,
} from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';
import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import {
  buildProofUrl,
  findProfileUpdateProblem,
  findStudentProfileProblem,
  findTeacherProfileProblem,
  type AvatarUploadResult,
  type Profile,
  type ProfileUpdateResult,
  type ProofUploadResult,
  type PublicProfile,
  type UpdateProfileBody,
} from '@gurumatch/shared/schemas/profile';

import type { StoredFile } from '../../adapters/storage/index.ts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { requireFound } from '../../lib/not-found.ts';
import { toPublicFileUrl } from '../../lib/public-url.ts';
import { invalidateTutorFeed } from '../enquiries/service.ts';
import { grantFreePlanIfOnboarded } from '../payments/service.ts';

import {
  detectFileType,
  extensionOf,
  isAvatarSizeAccepted,
  isReadableFile,
  readImageSize,
  reencodeAvatar,
  type DetectedFileType,
} from './files.ts';
import {
  ensureProfile,
  findProfileView,
  findVerificationForUpdate,
  lockProfileView,
  markProfileCompleted,
  setVerificationDecision,
  updateProfileAvatarKey,
  updateProfileDetails,
  updateProfileProofKeys,
  updateUserAvatarUrl,
  type ProfileDetails,
  type ProfileViewRow,
  type VerificationRow,
} from './queries.ts';

/** For other modules' uploads (back-office content images, contact form images): the same reading and checks. */
export { detectFileType, isReadableImage, readImageSize, type DetectedFileType } from './files.ts';
export { readUploadedFiles } from './uploads.ts';
/** For the back office's verification queue and user list: reads of the profiles it shows. */
export {
  countVerifications,
  findDocVerifiedUserIds,
  listVerifications,
  type VerificationRow,
} from './queries.ts';

export interface ProfileActor {
  user_id: number;
  role: Role;
}

/** Public URL of a stored avatar: `avatars/<name>` is served at `/media/avatars/<name>`. */
function avatarUrlOf(avatarKey: string): string {
  return `/media/${avatarKey}`;
}

function isProfileComplete(row: ProfileViewRow): boolean {
  if (row.role === 'student')
    return findStudentProfileProblem({ has_avatar: !!row.avatar_key }) === null;
  return (
    findTeacherProfileProblem({
      bio: row.bio,
      gender: row.gender,
      requirement: row.requirement,
      interested_classes: row.interested_classes,
      custom_class: row.custom_class,
      subjects: row.subjects,
      boards: row.boards,
      languages_known: row.languages_known,
      has_avatar: row.avatar_key !== null,
      has_id_proof: row.id_proof_key !== null,
      has_qualification_proof: row.qualification_proof_key !== null,
    }) === null
  );
}

function toPublicProfile(row: ProfileViewRow, publicUrl: string): PublicProfile {
  return {
    user_id: row.user_id,
    role: row.role,
    full_name: row.full_name,
    avatar: toPublicFileUrl(
      publicUrl,
      row.avatar_key ? avatarUrlOf(row.avatar_key) : row.avatar_url,
    ),
    bio: row.bio,
    gender: row.gender,
    requirement: row.requirement,
    interested_classes: row.interested_classes,
    custom_class: row.custom_class,
    subjects: row.subjects,
    boards: row.boards,
    languages_known: row.languages_known,
    is_doc_verified: row.is_doc_verified,
    rating: row.rating,
    review_count: row.review_count,
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
    last_updated: row.last_updated.toISOString(),
  };
}

function toProfile(row: ProfileViewRow, publicUrl: string): Profile {
  return {
    ...toPublicProfile(row, publicUrl),
    email: row.email,
    is_email_verified: row.is_email_verified,
    phone_number: row.phone_number,
    full_phone: row.phone_number ? `${row.phone_country_code ?? ''}${row.phone_number}` : null,
    is_phone_verified: row.is_phone_verified,
    id_proof: row.id_proof_key ? buildProofUrl(row.user_id, 'id_proof') : null,
    qualification_proof: row.qualification_proof_key
      ? buildProofUrl(row.user_id, 'qualification_proof')
      : null,
    is_profile_complete: isProfileComplete(row),
  };
}

function profileNotFound(): AppError {
  return new AppError(404, 'not_found', PROFILE_MESSAGES.profileNotFound);
}

async function loadProfileView(ctx: AppContext, userId: number): Promise<ProfileViewRow | null> {
  const existing = await findProfileView(ctx.db, userId);
  if (existing) return existing;
  await ensureProfile(ctx.db, userId, ctx.now());
  return findProfileView(ctx.db, userId);
}

async function loadOwnProfileView(ctx: AppContext, userId: number): Promise<ProfileViewRow> {
  const row = await loadProfileView(ctx, userId);
  if (!row?.user_is_active) throw new AppError(401, 'token_not_valid', MESSAGES.tokenNotValid);
  return row;
}

/** GET /profile/: a list holding the caller's own profile. */
export async function listOwnProfile(ctx: AppContext, actor: ProfileActor): Promise<Profile[]> {
  return [toProfile(await loadOwnProfileView(ctx, actor.user_id), ctx.config.publicUrl)];
}

/** One's own profile in full; any other signed-in user sees a teacher's public profile only. */
export async function getProfile(
  ctx: AppContext,
  actor: ProfileActor,
  userId: number,
): Promise<Profile | PublicProfile> {
  if (userId === actor.user_id) {
    return toProfile(await loadOwnProfileView(ctx, userId), ctx.config.publicUrl);
  }
  const row = await loadProfileView(ctx, userId);
  if (!row?.user_is_active || row.role !== 'teacher' || !row.is_active) throw profileNotFound();
  return toPublicProfile(row, ctx.config.publicUrl);
}

function requireOwnProfile(actor: ProfileActor, userId: number): void {
  if (userId !== actor.user_id) {
    throw new AppError(403, 'permission_denied', PROFILE_MESSAGES.ownProfileOnly);
  }
}

/** Runs `work` on the user's locked profile, then records completion if the profile is now complete. */
async function changeOwnProfile(
  ctx: AppContext,
  userId: number,
  work: (tx: Queryable, row: ProfileViewRow, at: Date) => Promise<void>,
): Promise<ProfileViewRow> {
  const at = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    await ensureProfile(tx, userId, at);
    const before = await lockProfileView(tx, userId);
    if (!before?.user_is_active) throw new AppError(401, 'token_not_valid', MESSAGES.tokenNotValid);
    await work(tx, before, at);
    const after = await findProfileView(tx, userId);
    if (!after) throw profileNotFound();
    if (after.profile_completed_at === null && isProfileComplete(after)) {
      await markProfileCompleted(tx, userId, at);
      return { ...after, profile_completed_at: at };
    }
    return after;
  });
  // a tutor's classes, subjects, boards, languages and mode choose their feed
  await invalidateTutorFeed(ctx, userId);
  // completing the profile may finish a tutor's onboarding: the free plan's coins, once
  if (row.profile_completed_at?.getTime() === at.getTime()) {
    await grantFreePlanIfOnboarded(ctx, userId);
  }
  return row;
}

function uniqueTrimmed(items: readonly string[]): string[] {
  return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
}

function mergeDetails(row: ProfileViewRow, body: UpdateProfileBody): ProfileDetails {
  return {
    bio: body.bio === undefined ? row.bio : body.bio.trim(),
    gender: body.gender === undefined ? row.gender : ((body.gender || null) as Gender | null),
    requirement:
      body.requirement === undefined
        ? row.requirement
        : ((body.requirement || null) as TeachingMode | null),
    interestedClasses: body.interested_classes
      ? uniqueTrimmed(body.interested_classes)
      : row.interested_classes,
    customClass: body.custom_class === undefined ? row.custom_class : body.custom_class.trim(),
    subjects: body.subjects ? uniqueTrimmed(body.subjects) : row.subjects,
    boards: body.boards ? uniqueTrimmed(body.boards) : row.boards,
    languagesKnown: body.languages_known
      ? uniqueTrimmed(body.languages_known)
      : row.languages_known,
  };
}

/**
 * PATCH/PUT of one's own profile: only the fields sent change; values are
 * checked against the catalogues. The answer carries the whole profile.
 */
export async function updateProfile(
  ctx: AppContext,
  actor: ProfileActor,
  userId: number,
  body: UpdateProfileBody,
): Promise<ProfileUpdateResult> {
  requireOwnProfile(actor, userId);
  const problem = findProfileUpdateProblem(body);
  if (problem) {
    throw new AppError(400, 'validation_error', problem.message, {
      [problem.field]: [problem.message],
    });
  }
  const row = await changeOwnProfile(ctx, userId, async (tx, before, at) => {
    await updateProfileDetails(tx, userId, mergeDetails(before, body), at);
  });
  return {
    ...toProfile(row, ctx.config.publicUrl),
    success: true,
    message: PROFILE_MESSAGES.updated,
  };
}

function newStorageName(): string {
  return randomBytes(16).toString('hex');
}

async function deleteQuietly(ctx: AppContext, keys: readonly (string | null)[]): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      if (key) await ctx.storage.delete(key).catch(() => undefined);
    }),
  );
}

/**
 * A new avatar: JPEG, PNG or WebP by its bytes, at most 2 MB, re-encoded to a
 * metadata-free WebP of at most 512 px. The old avatar file is removed.
 */
/**
 * Counts an upload of the user before its body is read; past
 * `UPLOADS_PER_USER_PER_HOUR` in the hour it is refused with 429.
 */
export async function countUploadAttempt(ctx: AppContext, userId: number): Promise<void> {
  const key = `uploads:user:${String(userId)}`;
  const count = await ctx.kv.increment(key, UPLOADS_WINDOW_SECONDS);
  if (count <= ctx.config.uploadsPerUserPerHour) return;
  const retryAfter = Math.max(1, await ctx.kv.ttl(key));
  throw new AppError(429, 'rate_limited', PROFILE_MESSAGES.tooManyUploads, undefined, {
    'retry-after': String(retryAfter),
  });
}

export async function uploadAvatar(
  ctx: AppContext,
  actor: ProfileActor,
  data: Buffer | undefined,
): Promise<AvatarUploadResult> {
  if (!data) {
    throw new AppError(400, 'validation_error', PROFILE_MESSAGES.avatarRequired, {
      avatar: [PROFILE_MESSAGES.avatarRequired],
    });
  }
  const type = detectFileType(data);
  const size = type && type !== 'application/pdf' ? await readImageSize(data) : null;
  if (size && !isAvatarSizeAccepted(size)) {
    throw new AppError(400, 'file_too_large', PROFILE_MESSAGES.avatarTooManyPixels, {
      avatar: [PROFILE_MESSAGES.avatarTooManyPixels],
    });
  }
  const webp = size ? await reencodeAvatar(data) : null;
  if (!webp) {
    throw new AppError(400, 'unsupported_file', PROFILE_MESSAGES.avatarWrongType, {
      avatar: [PROFILE_MESSAGES.avatarWrongType],
    });
  }
  const key = `avatars/${String(actor.user_id)}-${newStorageName()}.webp`;
  await ctx.storage.put(key, webp, 'image/webp');
  let oldKey: string | null = null;
  try {
    await changeOwnProfile(ctx, actor.user_id, async (tx, before, at) => {
      oldKey = before.avatar_key;
      await updateProfileAvatarKey(tx, actor.user_id, key, at);
      await updateUserAvatarUrl(tx, actor.user_id, avatarUrlOf(key), at);
    });
  } catch (error) {
    await deleteQuietly(ctx, [key]);
    throw error;
  }
  await deleteQuietly(ctx, [oldKey]);
  return {
    success: true,
    message: PROFILE_MESSAGES.avatarUploaded,
    avatar: toPublicFileUrl(ctx.config.publicUrl, avatarUrlOf(key)),
  };
}

interface CheckedProof {
  kind: ProofKind;
  data: Buffer;
  type: DetectedFileType;
}

async function checkProof(kind: ProofKind, data: Buffer): Promise<CheckedProof> {
  const type = detectFileType(data);
  const isAccepted = type !== null && (await isReadableFile(data, type));
  if (!type || !isAccepted) {
    throw new AppError(400, 'unsupported_file', PROFILE_MESSAGES.proofWrongType, {
      [kind]: [PROFILE_MESSAGES.proofWrongType],
    });
  }
  return { kind, data, type };
}

/**
 * A teacher's ID and/or qualification proof: PDF, JPEG, PNG or WebP by its
 * bytes, at most 5 MB each, stored as sent where only the owner can fetch it.
 * Every file is checked before any is stored; new documents wait for
 * verification again.
 */
export async function uploadProofs(
  ctx: AppContext,
  actor: ProfileActor,
  files: Partial<Record<ProofKind, Buffer>>,
): Promise<ProofUploadResult> {
  const sent = PROOF_KINDS.filter((kind) => files[kind] !== undefined);
  if (sent.length === 0) {
    throw new AppError(400, 'validation_error', PROFILE_MESSAGES.idProofRequired, {
      id_proof: [PROFILE_MESSAGES.idProofRequired],
      qualification_proof: [PROFILE_MESSAGES.qualificationProofRequired],
    });
  }
  const checked: CheckedProof[] = [];
  for (const kind of sent) {
    const data = files[kind];
    if (data) checked.push(await checkProof(kind, data));
  }
  const stored = checked.map((proof) => ({
    ...proof,
    key: `proofs/${String(actor.user_id)}/${proof.kind}-${newStorageName()}.${extensionOf(proof.type)}`,
  }));
  const keyOf = (kind: ProofKind): string | undefined =>
    stored.find((proof) => proof.kind === kind)?.key;
  await Promise.all(stored.map((proof) => ctx.storage.put(proof.key, proof.data, proof.type)));

  const replaced: (string | null)[] = [];
  let row: ProfileViewRow;
  try {
    row = await changeOwnProfile(ctx, actor.user_id, async (tx, before, at) => {
      const idProofKey = keyOf('id_proof') ?? before.id_proof_key;
      const qualificationProofKey = keyOf('qualification_proof') ?? before.qualification_proof_key;
      if (idProofKey !== before.id_proof_key) replaced.push(before.id_proof_key);
      if (qualificationProofKey !== before.qualification_proof_key)
        replaced.push(before.qualification_proof_key);
      await updateProfileProofKeys(tx, actor.user_id, { idProofKey, qualificationProofKey }, at);
    });
  } catch (error) {
    await deleteQuietly(
      ctx,
      stored.map((proof) => proof.key),
    );
    throw error;
  }
  await deleteQuietly(ctx, replaced);
  const profile = toProfile(row, ctx.config.publicUrl);
  return {
    success: true,
    message: PROFILE_MESSAGES.proofsUploaded,
    id_proof: profile.id_proof,
    qualification_proof: profile.qualification_proof,
  };
}

export interface ProofFile extends StoredFile {
  filename: string;
}

/** One of the caller's own documents; nobody else but an administrator may fetch it. */
export async function getProof(
  ctx: AppContext,
  actor: ProfileActor,
  userId: number,
  kind: ProofKind,
): Promise<ProofFile> {
  if (userId !== actor.user_id && actor.role !== 'admin') {
    throw new AppError(403, 'permission_denied', PROFILE_MESSAGES.ownProofsOnly);
  }
  const row = await findProfileView(ctx.db, userId);
  const key = kind === 'id_proof' ? row?.id_proof_key : row?.qualification_proof_key;
  const file = key ? await ctx.storage.get(key) : null;
  if (!key || !file) throw new AppError(404, 'not_found', PROFILE_MESSAGES.proofNotFound);
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return { ...file, filename: `${kind.replace('_', '-')}.${extension}` };
}

// ---- verification -------------------------------------------------------

/**
 * Approves or rejects a tutor's documents within the caller's transaction (the
 * back office audits it there). Only a tutor who sent both documents can be
 * decided. Answers the profile as it was.
 */
export async function decideVerification(
  tx: Queryable,
  userId: number,
  decision: { approved: boolean; reason: string | null; by: number; at: Date },
): Promise<VerificationRow> {
  const before = requireFound(await findVerificationForUpdate(tx, userId));
  if (before.role !== 'teacher') throw new AppError(400, 'invalid_state', ADMIN_MESSAGES.notATutor);
  if (!before.id_proof_key || !before.qualification_proof_key) {
    throw new AppError(400, 'invalid_state', ADMIN_MESSAGES.noDocuments);
  }
  await setVerificationDecision(tx, userId, decision);
  return before;
}

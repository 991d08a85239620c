import { z } from 'zod';

import { BOARDS } from '../catalogues/boards.ts';
import { CLASS_LEVELS, OTHER_CLASS_OPTION } from '../catalogues/classes.ts';
import { LANGUAGES } from '../catalogues/languages.ts';
import { SUBJECTS } from '../catalogues/subjects.ts';
import {
  BIO_MAX_LENGTH,
  CUSTOM_CLASS_MAX_LENGTH,
  GENDERS,
  PROFILE_LIST_MAX_ITEMS,
  ROLES,
  TEACHING_MODES,
  type Gender,
  type ProofKind,
  type TeachingMode,
} from '../constants.ts';
import { PROFILE_MESSAGES } from '../messages/profile.ts';
import { MESSAGES } from '../messages.ts';

import { SuccessMessageSchema } from './account.ts';

// ---------------------------------------------------------------------------
// Answers

/**
 * A profile as its owner sees it (spec part 2 §3 Profile, plus the account
 * fields the profile screen shows). `avatar` is a public URL
 * (`/media/avatars/…`); `id_proof` and `qualification_proof` are the URLs the
 * owner fetches the private documents from, or null when not uploaded.
 */
export const ProfileSchema = z.object({
  user_id: z.number().int(),
  role: z.enum(ROLES),
  full_name: z.string(),
  email: z.string(),
  is_email_verified: z.boolean(),
  phone_number: z.string().nullable(),
  full_phone: z.string().nullable(),
  is_phone_verified: z.boolean(),
  avatar: z.string().nullable(),
  bio: z.string(),
  gender: z.enum(GENDERS).nullable(),
  requirement: z.enum(TEACHING_MODES).nullable(),
  interested_classes: z.array(z.string()),
  custom_class: z.string(),
  subjects: z.array(z.string()),
  boards: z.array(z.string()),
  languages_known: z.array(z.string()),
  id_proof: z.string().nullable(),
  qualification_proof: z.string().nullable(),
  is_doc_verified: z.boolean(),
  rating: z.number(),
  review_count: z.number().int(),
  is_active: z.boolean(),
  /** Ours: every completion rule of part 2 §5 is met (students: an avatar). */
  is_profile_complete: z.boolean(),
  created_at: z.string(),
  last_updated: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** A teacher's profile as any other signed-in user sees it: no contact details, no documents. */
export const PublicProfileSchema = ProfileSchema.omit({
  email: true,
  is_email_verified: true,
  phone_number: true,
  full_phone: true,
  is_phone_verified: true,
  id_proof: true,
  qualification_proof: true,
  is_profile_complete: true,
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** GET /api/auth/profile/ — a list holding the caller's own profile (the client uses the first). */
export const ProfileListSchema = z.array(ProfileSchema);

/** PATCH/PUT /api/auth/profile/{user_id}/ — the profile (so `full_name` is there) plus `{success, message}`. */
export const ProfileUpdateResultSchema = ProfileSchema.extend({
  success: z.literal(true),
  message: z.string(),
});
export type ProfileUpdateResult = z.infer<typeof ProfileUpdateResultSchema>;

/** POST /api/auth/profile-upload-avatar/ (multipart field `avatar`). */
export const AvatarUploadResultSchema = SuccessMessageSchema.extend({ avatar: z.string() });
export type AvatarUploadResult = z.infer<typeof AvatarUploadResultSchema>;

/** POST /api/auth/profile-upload-proof/ (multipart fields `id_proof` and/or `qualification_proof`). */
export const ProofUploadResultSchema = SuccessMessageSchema.extend({
  id_proof: z.string().nullable(),
  qualification_proof: z.string().nullable(),
});
export type ProofUploadResult = z.infer<typeof ProofUploadResultSchema>;

/** Where the owner fetches a private document from. */
export function buildProofUrl(userId: number, kind: ProofKind): string {
  return `/api/auth/profile/${String(userId)}/proofs/${kind}`;
}

// ---------------------------------------------------------------------------
// Update body

/** Missing → not changed; null or '' → '' (cleared); a number → its text. */
const optionalText = (maxLength: number) =>
  z
    .preprocess(
      (value) => (value === null ? '' : typeof value === 'number' ? String(value) : value),
      z.string().max(maxLength * 4, MESSAGES.fieldTooLong),
    )
    .optional();

/** An array of strings; also accepted: one string, a JSON array in a string, or '' (empty). */
const optionalList = z
  .preprocess(
    (value) => {
      if (value === null || value === '') return [];
      if (typeof value === 'string') {
        const trimmed = value.trim();
        if (trimmed.startsWith('[')) {
          try {
            return JSON.parse(trimmed) as unknown;
          } catch {
            return value;
          }
        }
        return [value];
      }
      return value;
    },
    z.array(z.string().max(200)).max(PROFILE_LIST_MAX_ITEMS),
  )
  .optional();

/**
 * Wire shape of PATCH/PUT /api/auth/profile/{user_id}/. Every field is
 * optional (only those sent change). `findProfileUpdateProblem` then checks the
 * values with the messages the form shows.
 */
export const UpdateProfileBodySchema = z.object({
  bio: optionalText(BIO_MAX_LENGTH),
  gender: optionalText(16),
  requirement: optionalText(16),
  interested_classes: optionalList,
  custom_class: optionalText(CUSTOM_CLASS_MAX_LENGTH),
  subjects: optionalList,
  boards: optionalList,
  languages_known: optionalList,
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export type ProfileField = keyof UpdateProfileBody | 'avatar' | 'id_proof' | 'qualification_proof';

export interface ProfileProblem {
  field: ProfileField;
  message: string;
}

function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}

function isTeachingMode(value: string): value is TeachingMode {
  return (TEACHING_MODES as readonly string[]).includes(value);
}

function isSubsetOf(items: readonly string[], catalogue: readonly string[]): boolean {
  const known = new Set(catalogue);
  return items.every((item) => known.has(item));
}

/**
 * Checks the values of an update (not completeness): bio length, gender and
 * teaching mode values, every class/board/subject/language from its catalogue,
 * custom class length. Answers the first problem or null.
 */
export function findProfileUpdateProblem(body: UpdateProfileBody): ProfileProblem | null {
  if (body.bio !== undefined && body.bio.trim().length > BIO_MAX_LENGTH)
    return { field: 'bio', message: PROFILE_MESSAGES.bioTooLong };
  if (body.gender !== undefined && body.gender !== '' && !isGender(body.gender))
    return { field: 'gender', message: PROFILE_MESSAGES.invalidGender };
  if (
    body.requirement !== undefined &&
    body.requirement !== '' &&
    !isTeachingMode(body.requirement)
  )
    return { field: 'requirement', message: PROFILE_MESSAGES.invalidRequirement };
  if (body.interested_classes && !isSubsetOf(body.interested_classes, CLASS_LEVELS))
    return { field: 'interested_classes', message: PROFILE_MESSAGES.invalidClasses };
  if (body.custom_class !== undefined && body.custom_class.trim().length > CUSTOM_CLASS_MAX_LENGTH)
    return { field: 'custom_class', message: PROFILE_MESSAGES.customClassTooLong };
  if (body.boards && !isSubsetOf(body.boards, BOARDS))
    return { field: 'boards', message: PROFILE_MESSAGES.invalidBoards };
  if (body.subjects && !isSubsetOf(body.subjects, SUBJECTS))
    return { field: 'subjects', message: PROFILE_MESSAGES.invalidSubjects };
  if (body.languages_known && !isSubsetOf(body.languages_known, LANGUAGES))
    return { field: 'languages_known', message: PROFILE_MESSAGES.invalidLanguages };
  return null;
}

/** What a teacher's profile holds (or the form holds, with files chosen instead of uploaded). */
export interface TeacherProfileDraft {
  bio: string;
  gender: string | null;
  requirement: string | null;
  interested_classes: readonly string[];
  custom_class: string;
  subjects: readonly string[];
  boards: readonly string[];
  languages_known: readonly string[];
  has_avatar: boolean;
  has_id_proof: boolean;
  has_qualification_proof: boolean;
}

/**
 * Part 2 §5: a teacher's profile is complete (and the form's Submit enabled)
 * when bio, gender and teaching mode are filled, at least one class, board,
 * subject and language is chosen, the custom class is filled when 'Other
 * (Specify)' is chosen, and avatar, ID proof and qualification proof are there.
 * Answers the first thing missing, or null when complete.
 */
export function findTeacherProfileProblem(draft: TeacherProfileDraft): ProfileProblem | null {
  const bio = draft.bio.trim();
  if (bio === '') return { field: 'bio', message: PROFILE_MESSAGES.bioRequired };
  if (bio.length > BIO_MAX_LENGTH) return { field: 'bio', message: PROFILE_MESSAGES.bioTooLong };
  if (!draft.gender) return { field: 'gender', message: PROFILE_MESSAGES.genderRequired };
  if (!isGender(draft.gender)) return { field: 'gender', message: PROFILE_MESSAGES.invalidGender };
  if (!draft.requirement)
    return { field: 'requirement', message: PROFILE_MESSAGES.requirementRequired };
  if (!isTeachingMode(draft.requirement))
    return { field: 'requirement', message: PROFILE_MESSAGES.invalidRequirement };
  if (draft.interested_classes.length === 0)
    return { field: 'interested_classes', message: PROFILE_MESSAGES.classesRequired };
  if (draft.interested_classes.includes(OTHER_CLASS_OPTION) && draft.custom_class.trim() === '')
    return { field: 'custom_class', message: PROFILE_MESSAGES.customClassRequired };
  if (draft.boards.length === 0)
    return { field: 'boards', message: PROFILE_MESSAGES.boardsRequired };
  if (draft.subjects.length === 0)
    return { field: 'subjects', message: PROFILE_MESSAGES.subjectsRequired };
  if (draft.languages_known.length === 0)
    return { field: 'languages_known', message: PROFILE_MESSAGES.languagesRequired };
  if (!draft.has_avatar) return { field: 'avatar', message: PROFILE_MESSAGES.avatarRequired };
  if (!draft.has_id_proof) return { field: 'id_proof', message: PROFILE_MESSAGES.idProofRequired };
  if (!draft.has_qualification_proof)
    return { field: 'qualification_proof', message: PROFILE_MESSAGES.qualificationProofRequired };
  return null;
}

/** Part 2 §5: a student's profile is complete once an avatar is there. */
export function findStudentProfileProblem(draft: { has_avatar: boolean }): ProfileProblem | null {
  return draft.has_avatar ? null : { field: 'avatar', message: PROFILE_MESSAGES.avatarRequired };
}

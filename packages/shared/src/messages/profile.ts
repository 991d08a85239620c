import { MESSAGES } from '../messages.ts';

/**
 * Messages of the profile, profile completion and address screens (spec part 1
 * §2, §5, §8 and part 2 §2, §5, §8), worded exactly as the specification writes
 * them (including its spelling). Sentences the specification leaves to us are
 * marked as ours.
 */
export const PROFILE_MESSAGES = {
  // Complete / update profile screen (part 2 §2)
  completeProfileTitle: 'Complete Your Profile',
  takesFiveMinutes: 'It will take only 5 minutes',
  otherClassOption: 'Other (Specify)',

  // Profile screen (part 2 §2)
  updateProfile: 'Update Profile',
  manageAddresses: 'Manage Addresses', // ours: the link to /address-management
  verifiedTutor: 'Verified Tutor',
  documentsPending:
    'Your documents are under verification. Please allow up to 24 hours for the verification to complete.',
  loadFailed: 'Failed to load profile',
  tryAgain: 'Try Again',

  // Toasts (part 2 §8)
  avatarSubmitError: 'Error submit the avatar.',
  avatarRequired: 'Please select an avatar file',
  idProofRequired: 'Please select an ID proof file',
  qualificationProofRequired: 'Please select an qualification proof file',
  saveError: 'Some Error while saving profile',
  fetchError: 'Error fetching profile data',
  updated: 'Profile updated successfully.',

  // Teacher profile checks (part 2 §5; wording ours)
  bioRequired: 'Please enter your bio',
  bioTooLong: 'Bio must be at most 900 characters',
  genderRequired: 'Please select your gender',
  requirementRequired: 'Please select your teaching mode',
  classesRequired: 'Please select at least one class',
  customClassRequired: 'Please specify your course or topic',
  customClassTooLong: 'The course or topic must be at most 100 characters',
  boardsRequired: 'Please select at least one board',
  subjectsRequired: 'Please select at least one subject',
  languagesRequired: 'Please select at least one language',
  invalidGender: 'Please select male or female',
  invalidRequirement: 'Please select Offline Only or Online Only',
  invalidClasses: 'Please choose classes from the list',
  invalidBoards: 'Please choose boards from the list',
  invalidSubjects: 'Please choose subjects from the list',
  invalidLanguages: 'Please choose languages from the list',

  // Uploads (ours)
  avatarUploaded: 'Avatar uploaded successfully.',
  proofsUploaded: 'Documents uploaded successfully.',
  avatarWrongType: 'Please upload a JPEG, PNG or WebP image.',
  avatarTooLarge: 'The avatar must be 2 MB or smaller.',
  avatarTooManyPixels: 'The image is too large. Please use one of at most 4096 × 4096 pixels.',
  tooManyUploads: 'You have uploaded many files this hour. Please try again later.',
  proofWrongType: 'Please upload a PDF, JPEG, PNG or WebP file.',
  proofTooLarge: 'Each document must be 5 MB or smaller.',
  unexpectedUploadField: 'This upload has a field that is not expected.',
  notMultipart: 'Please send the file as multipart/form-data.',
  proofNotFound: 'This document has not been uploaded.',
  profileNotFound: 'Profile not found.',
  ownProfileOnly: 'You can only change your own profile.',
  ownProofsOnly: 'You can only view your own documents.',
} as const;

export type ProfileMessageKey = keyof typeof PROFILE_MESSAGES;

/** Address step of onboarding (part 1 §2, §5, §8) and address management (part 2 §2, §5, §8). */
export const ADDRESS_MESSAGES = {
  // Add address screen (part 1 §2)
  addAddressTitle: 'Add your home Address',
  useCurrentLocation: 'Use Current Location',
  enterManually: 'Enter Manually',
  geolocationNotSupported: MESSAGES.geolocationNotSupported,
  allowBrowserPlaceholder: 'Allow broswer to fetch your address...',
  // ours: said when the browser's location permission is refused
  locationDenied:
    'Location permission is denied, so we cannot fetch your address. You can type it instead.',
  typeAddressInstead: 'Type my address',
  fetching: MESSAGES.fetchingLocation,

  // Checks and toasts (part 1 §5, §8; part 2 §8)
  selectValidAddress: 'Please select a valid address',
  addFailed: 'Failed to add address',
  loadFailed: 'Failed to load addresses',
  removeFailed: 'Failed to remove address',
  updatePrimaryFailed: 'Failed to update primary address',

  // Answers and rules the server enforces (ours)
  added: 'Address added successfully.',
  removed: 'Address removed successfully.',
  primaryUpdated: 'Primary address updated successfully.',
  limitReached: 'You can save at most 2 addresses. Remove one to add another.',
  alreadySaved: 'This address is already saved.',
  onlyAddress: 'You cannot remove your only address.',
  notFound: 'Address not found.',
} as const;

export type AddressMessageKey = keyof typeof ADDRESS_MESSAGES;

import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '@gurumatch/shared/constants';
import { useEffect, useMemo } from 'react';

import { FileInput } from '../../../components/ui/file-input.tsx';

import { Avatar } from './avatar.tsx';

const canPreview = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

/** The avatar picker of both roles: a preview of the chosen (or current) photo and a file input. */
export function AvatarPicker({
  file,
  currentUrl,
  name,
  onFileChange,
  required = false,
}: {
  file: File | null;
  currentUrl: string | null;
  name: string;
  onFileChange: (file: File | null) => void;
  required?: boolean;
}) {
  const previewUrl = useMemo(
    () => (file && canPreview() ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );
  return (
    <FileInput
      label="Profile Photo"
      name="avatar"
      accept={AVATAR_CONTENT_TYPES.join(',')}
      maxBytes={AVATAR_MAX_BYTES}
      kindHint="A JPEG, PNG or WebP image"
      required={required}
      onFileChange={onFileChange}
      chosenName={file?.name}
      onRecordText={
        currentUrl ? 'Your current photo is on file; choose a file only to change it.' : null
      }
    >
      <Avatar src={previewUrl ?? (file ? null : currentUrl)} name={name} size="md" />
    </FileInput>
  );
}

import { ADMIN_MESSAGES } from '@gurumatch/shared/messages/admin';
import { useState, type ReactNode } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useAdminAction } from '../api.ts';

/** A back-office save: `done` receives the saved row as the server answers it. */
interface Save<Result> {
  run: (
    path: string,
    method: 'POST' | 'PATCH',
    body: unknown,
    done: (saved: Result) => void,
    savedMessage?: string,
  ) => void;
  errors: Record<string, string[]>;
  busy: boolean;
}

/** Sends a back-office change, says it is saved (or the first error), and keeps the field errors. */
export function useSave<Result = unknown>(): Save<Result> {
  const toast = useToast();
  const action = useAdminAction<Result>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const run: Save<Result>['run'] = (
    path,
    method,
    body,
    done,
    savedMessage = ADMIN_MESSAGES.saved,
  ) =>
    action.mutate(
      { path, method, body },
      {
        onSuccess: (saved) => {
          toast.success(savedMessage);
          setErrors({});
          done(saved);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors(error.fieldErrors);
            toast.error(error.firstError());
          } else toast.error(error.message);
        },
      },
    );
  return { run, errors, busy: action.isPending };
}

/**
 * A form's fields kept as typed text: `bind` ties a control to one of them, `field` also
 * shows the server's first message for it (under another name when the body renames it).
 */
export function useFormFields<Fields extends Record<string, string>>(
  initial: Fields,
  errors: Record<string, string[]>,
) {
  const [form, setForm] = useState(initial);
  const bind = (name: keyof Fields & string) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });
  const field = (name: keyof Fields & string, errorName: string = name) => ({
    ...bind(name),
    error: errors[errorName]?.[0],
  });
  return { form, bind, field };
}

/** A back-office form in two columns, with its save and cancel buttons below. */
export function AdminForm({
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="grid grid-cols-1 gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2"
    >
      {children}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';

/** Submit and Cancel (Cancel goes to the dashboard). */
export function FormActions({
  isSaving,
  isSubmitDisabled = false,
  hintId,
}: {
  isSaving: boolean;
  isSubmitDisabled?: boolean;
  hintId?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <ButtonLink to={paths.dashboard} variant="secondary" className="w-full sm:w-auto">
        Cancel
      </ButtonLink>
      <Button
        type="submit"
        busy={isSaving}
        disabled={isSubmitDisabled}
        aria-describedby={hintId}
        className="w-full sm:w-auto"
      >
        {isSaving ? 'Submitting…' : 'Submit'}
      </Button>
    </div>
  );
}

import {
  AlertSettingsBodySchema,
  CHANNEL_NAMES,
  type AlertMode,
  type AlertSettings,
  type AlertSettingsBody,
  type MessageChannel,
} from '@gurumatch/shared/alerts';
import { ALERT_MESSAGES } from '@gurumatch/shared/messages/alerts';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';

import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { useAlertSettings, useSaveAlertSettings } from '../api.ts';

const MODE_OPTIONS: readonly { value: AlertMode; label: string }[] = [
  { value: 'instant', label: ALERT_MESSAGES.modeInstant },
  { value: 'digest', label: ALERT_MESSAGES.modeDigest },
  { value: 'off', label: ALERT_MESSAGES.modeOff },
];

const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

/** The editable part of the settings, as the form holds it (not where messages go). */
function bodyOf({ whatsapp_to: _phone, email_to: _email, ...body }: AlertSettings) {
  return body satisfies AlertSettingsBody;
}

type FieldErrors = Partial<Record<string, string>>;

function ChannelFields({
  channel,
  to,
  control,
  errors,
}: {
  channel: MessageChannel;
  to: string;
  control: Control<AlertSettingsBody>;
  errors: FieldErrors;
}) {
  const mode = useWatch({ control, name: `${channel}.mode` });
  const name = CHANNEL_NAMES[channel];
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
      <legend className="px-1 text-base font-semibold text-slate-900">{name}</legend>
      <p className="text-sm break-words text-slate-600">{to}</p>
      <Controller
        control={control}
        name={`${channel}.mode`}
        render={({ field }) => (
          <SegmentedControl
            label={`${name} alerts`}
            options={MODE_OPTIONS}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {mode !== 'off' ? (
        <Controller
          control={control}
          name={`${channel}.digest_hour`}
          render={({ field }) => (
            <Select
              label={`${name}: ${ALERT_MESSAGES.digestHour}`}
              options={HOUR_OPTIONS}
              value={String(field.value)}
              onChange={(event) => {
                field.onChange(Number(event.target.value));
              }}
              error={errors[`${channel}.digest_hour`]}
            />
          )}
        />
      ) : null}
    </fieldset>
  );
}

function AlertSettingsForm({ userId, settings }: { userId: number; settings: AlertSettings }) {
  const toast = useToast();
  const save = useSaveAlertSettings(userId);
  const { control, register, handleSubmit, setError, formState } = useForm<AlertSettingsBody>({
    defaultValues: bodyOf(settings),
  });
  const errors: FieldErrors = {
    'quiet_hours.start': formState.errors.quiet_hours?.start?.message,
    'quiet_hours.end': formState.errors.quiet_hours?.end?.message,
    daily_cap: formState.errors.daily_cap?.message,
  };

  const onSubmit = handleSubmit((values) => {
    const parsed = AlertSettingsBodySchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        setError(issue.path.join('.') as 'daily_cap', { message: issue.message });
      }
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(ALERT_MESSAGES.saved),
      onError: (error) => {
        if (isRefusal(error)) {
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            setError(field as 'daily_cap', { message: messages[0] ?? '' });
          }
        }
        toast.error(ALERT_MESSAGES.saveFailed);
      },
    });
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mt-4 flex flex-col gap-5"
    >
      <div className="grid gap-4 md:grid-cols-2">
        <ChannelFields
          channel="whatsapp"
          to={
            settings.whatsapp_to
              ? ALERT_MESSAGES.whatsappTo(settings.whatsapp_to)
              : ALERT_MESSAGES.whatsappNoPhone
          }
          control={control}
          errors={errors}
        />
        <ChannelFields
          channel="email"
          to={ALERT_MESSAGES.emailTo(settings.email_to)}
          control={control}
          errors={errors}
        />
      </div>
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="text-base font-semibold text-slate-900">
          {ALERT_MESSAGES.quietHours}
        </legend>
        <p className="text-sm text-slate-600">{ALERT_MESSAGES.quietHoursHint}</p>
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <TextField
            type="time"
            label={ALERT_MESSAGES.quietStart}
            error={errors['quiet_hours.start']}
            {...register('quiet_hours.start')}
          />
          <TextField
            type="time"
            label={ALERT_MESSAGES.quietEnd}
            error={errors['quiet_hours.end']}
            {...register('quiet_hours.end')}
          />
        </div>
      </fieldset>
      <TextField
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        className="sm:max-w-sm"
        label={ALERT_MESSAGES.dailyCap}
        hint={ALERT_MESSAGES.dailyCapHint}
        error={errors.daily_cap}
        {...register('daily_cap', { valueAsNumber: true })}
      />
      <div>
        <Button type="submit" busy={save.isPending} className="w-full sm:w-auto">
          {ALERT_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}

/** On a tutor's profile: how WhatsApp and e-mail tell them of new enquiries. */
export function AlertSettingsSection({ userId }: { userId: number }) {
  const settings = useAlertSettings(userId);
  return (
    <Panel title={ALERT_MESSAGES.settingsTitle} intro={ALERT_MESSAGES.settingsIntro} roomy>
      {settings.isPending ? (
        <div className="py-6">
          <Spinner label={ALERT_MESSAGES.settingsTitle} />
        </div>
      ) : settings.isError ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <p role="alert" className="font-medium text-red-800">
            {ALERT_MESSAGES.loadFailed}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <AlertSettingsForm userId={userId} settings={settings.data} />
      )}
    </Panel>
  );
}

import { findOtpProblem, findPhoneProblem } from '@gurumatch/shared/checks/account';
import {
  DEFAULT_COUNTRY_CODE,
  DEFAULT_OTP_METHOD,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  PHONE_MAX_DIGITS,
  type OtpMethod,
} from '@gurumatch/shared/constants';
import {
  ACCOUNT_MESSAGES,
  formatCountdown,
  formatOtpSent,
  formatResendWait,
} from '@gurumatch/shared/messages/account';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { SegmentedControl, type SegmentOption } from '../../../components/ui/segmented-control.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { formatPhone } from '../../../lib/format-contact.ts';
import { paths } from '../../../lib/paths.ts';
import { useNavigate } from '../../../lib/router/index.ts';
import { authKeys } from '../../auth/api.ts';
import { AuthCard } from '../../auth/components/auth-card.tsx';
import { useOtpStatus, useSendOtp, useVerifyOtp } from '../api.ts';
import { COUNTRY_CODES } from '../country-codes.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { keepDigits, thrownMessage } from '../utils.ts';

const CHANNELS: readonly SegmentOption<OtpMethod>[] = [
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'sms', label: 'SMS' },
];

const CHANNEL_NAMES: Record<OtpMethod, string> = { whatsapp: 'WhatsApp', sms: 'SMS' };

/**
 * Onboarding step 1: choose WhatsApp or SMS, send a code to the number, type
 * the code. Once sent, the number is locked until 'Change Phone Number'; a new
 * code can be asked for after the countdown.
 */
export function PhoneVerificationPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const countdown = useCountdown();
  const otpStatus = useOtpStatus();

  const [otpMethod, setOtpMethod] = useState<OtpMethod>(DEFAULT_OTP_METHOD);
  const [countryCode, setCountryCode] = useState<string>(DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [isCodeSent, setIsCodeSent] = useState(false);
  const [sentVia, setSentVia] = useState<OtpMethod>(DEFAULT_OTP_METHOD);
  const [otp, setOtp] = useState('');
  const [isPhoneInvalid, setIsPhoneInvalid] = useState(false);

  const countryId = useId();
  const phoneId = useId();
  const otpId = useId();
  const sentNoteId = useId();
  const focusField = (id: string) => document.getElementById(id)?.focus();

  // Once the code is on its way, the code box is where the user goes next.
  useEffect(() => {
    if (isCodeSent) document.getElementById(otpId)?.focus();
  }, [isCodeSent, otpId]);

  // A code sent before a reload (or before signing in again) is still waiting: show its box
  // and the time left to resend, as right after sending. Each answer is applied once, and
  // never over a different number being typed.
  const [appliedStatusAt, setAppliedStatusAt] = useState(0);
  const sentBefore = otpStatus.data;
  if (
    sentBefore?.code_sent &&
    otpStatus.dataUpdatedAt !== appliedStatusAt &&
    !isCodeSent &&
    (phone === '' || phone.replace(/^0+/, '') === sentBefore.phone_number)
  ) {
    setAppliedStatusAt(otpStatus.dataUpdatedAt);
    setIsCodeSent(true);
    setSentVia(sentBefore.otp_method ?? DEFAULT_OTP_METHOD);
    setOtpMethod(sentBefore.otp_method ?? DEFAULT_OTP_METHOD);
    setCountryCode(sentBefore.country_code ?? DEFAULT_COUNTRY_CODE);
    setPhone(sentBefore.phone_number ?? '');
    setOtp('');
    countdown.start(sentBefore.resend_in_seconds);
  }

  const isCountingDown = isCodeSent && countdown.secondsLeft > 0;

  const send = async () => {
    if (sendOtp.isPending) return;
    const problem = findPhoneProblem(phone);
    if (problem) {
      setIsPhoneInvalid(true);
      toast.info(problem);
      focusField(phoneId);
      return;
    }
    if (isCountingDown) {
      toast.info(formatResendWait(countdown.secondsLeft));
      return;
    }
    try {
      const answer = await sendOtp.mutateAsync({
        otp_method: otpMethod,
        phone_number: phone,
        country_code: countryCode,
      });
      if (!answer.success) {
        toast.error(answer.message || ACCOUNT_MESSAGES.otpSendFallback);
        return;
      }
      toast.success(formatOtpSent(otpMethod));
      setIsCodeSent(true);
      setSentVia(otpMethod);
      setOtp('');
      countdown.start(OTP_RESEND_SECONDS);
    } catch (error) {
      if (isRefusal(error)) {
        // 'Please wait': a code went out earlier (another tab, before a reload); bring its box back
        if (error.status === 429) void otpStatus.refetch();
        const phoneError = error.fieldErrors.phone_number?.[0];
        if (phoneError) setIsPhoneInvalid(true);
        toast.error(phoneError ?? error.serverSentence() ?? ACCOUNT_MESSAGES.otpSendFallback);
      } else {
        toast.error(thrownMessage(error) ?? ACCOUNT_MESSAGES.otpSendFailed);
      }
    }
  };

  const onSendSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  const changePhoneNumber = () => {
    setIsCodeSent(false);
    setOtp('');
    setPhone('');
    setCountryCode(DEFAULT_COUNTRY_CODE);
    setOtpMethod(DEFAULT_OTP_METHOD);
    setIsPhoneInvalid(false);
    countdown.reset();
    focusField(phoneId);
  };

  const onVerifySubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifyOtp.isPending) return;
    const problem = findOtpProblem(otp);
    if (problem) {
      toast.info(problem);
      focusField(otpId);
      return;
    }
    try {
      const answer = await verifyOtp.mutateAsync({ otp });
      if (!answer.success) {
        toast.error(answer.message || ACCOUNT_MESSAGES.otpInvalid);
        return;
      }
      toast.success(ACCOUNT_MESSAGES.otpVerified);
      // The step guard reads the status: it must know the phone is done before we move on.
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
      await navigate(paths.addAddress, { replace: true });
    } catch (error) {
      if (isRefusal(error)) {
        toast.error(error.serverSentence() ?? ACCOUNT_MESSAGES.otpInvalid);
      } else {
        setOtp('');
        toast.error(thrownMessage(error) ?? ACCOUNT_MESSAGES.otpVerificationFailed);
      }
    }
  };

  const nationalNumber = phone.replace(/\D/g, '').replace(/^0+/, '');
  const sentToNumber = formatPhone(`${countryCode}${nationalNumber}`, nationalNumber);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <PageMeta title={ACCOUNT_MESSAGES.phoneVerificationTitle} noindex />
      <AuthCard
        title={ACCOUNT_MESSAGES.phoneVerificationTitle}
        subtitle="Tutors and students reach each other by phone. We will send you a one-time code to confirm your number."
      >
        <form onSubmit={onSendSubmit} noValidate className="flex flex-col gap-4">
          <SegmentedControl
            label="Send the code by"
            options={CHANNELS}
            value={otpMethod}
            onChange={setOtpMethod}
          />

          <div className="grid grid-cols-[7.5rem_1fr] gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={countryId} className="text-sm font-medium text-slate-800">
                Country code
              </label>
              <select
                id={countryId}
                value={countryCode}
                onChange={(event) => setCountryCode(event.target.value)}
                disabled={isCodeSent}
                className="h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-base text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-200 disabled:bg-slate-100 disabled:text-slate-600"
              >
                {COUNTRY_CODES.map((entry) => (
                  <option key={entry.code} value={entry.code}>
                    {`${entry.code} ${entry.country}`}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              id={phoneId}
              label="Phone number"
              name="phone_number"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="98765 43210"
              maxLength={PHONE_MAX_DIGITS}
              value={phone}
              readOnly={isCodeSent}
              aria-invalid={isPhoneInvalid || undefined}
              aria-describedby={isCodeSent ? sentNoteId : undefined}
              className="min-w-0"
              onChange={(event) => {
                setPhone(keepDigits(event.target.value).slice(0, PHONE_MAX_DIGITS));
                setIsPhoneInvalid(false);
              }}
            />
          </div>

          {isCodeSent ? (
            <>
              <p
                id={sentNoteId}
                className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900"
              >
                {`We sent a ${String(OTP_LENGTH)}-digit code to ${sentToNumber} by ${CHANNEL_NAMES[sentVia]}.`}
              </p>
              <div className="flex flex-col gap-2">
                <Button
                  type="submit"
                  variant="secondary"
                  className="w-full aria-disabled:cursor-not-allowed aria-disabled:border-slate-300 aria-disabled:text-slate-500 aria-disabled:hover:bg-white"
                  busy={sendOtp.isPending}
                  aria-disabled={isCountingDown || undefined}
                >
                  {isCountingDown
                    ? `Resend OTP in ${formatCountdown(countdown.secondsLeft)}`
                    : sendOtp.isPending
                      ? 'Sending…'
                      : 'Resend OTP'}
                </Button>
                <Button variant="ghost" className="w-full" onClick={changePhoneNumber}>
                  {ACCOUNT_MESSAGES.changePhoneNumber}
                </Button>
              </div>
            </>
          ) : (
            <Button type="submit" className="w-full" busy={sendOtp.isPending}>
              {sendOtp.isPending ? 'Sending…' : 'Send OTP'}
            </Button>
          )}
        </form>

        {isCodeSent ? (
          <form
            onSubmit={(event) => void onVerifySubmit(event)}
            noValidate
            className="mt-6 flex flex-col gap-4 border-t border-slate-200 pt-6"
          >
            <TextField
              id={otpId}
              label="Enter OTP"
              name="otp"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              placeholder={`${String(OTP_LENGTH)}-digit code`}
              maxLength={OTP_LENGTH}
              value={otp}
              className="[&_input]:text-center [&_input]:text-xl [&_input]:tracking-[0.5em] [&_input]:placeholder:text-base [&_input]:placeholder:tracking-normal"
              onChange={(event) => setOtp(keepDigits(event.target.value).slice(0, OTP_LENGTH))}
            />
            {otp !== '' ? (
              <Button type="submit" className="w-full" busy={verifyOtp.isPending}>
                {verifyOtp.isPending ? 'Verifying…' : 'Verify OTP'}
              </Button>
            ) : null}
          </form>
        ) : null}
      </AuthCard>
    </div>
  );
}

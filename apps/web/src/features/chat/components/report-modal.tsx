import { REPORT_REASONS } from '@gurumatch/shared/catalogues/report-reasons';
import { REPORT_MESSAGE_MAX_LENGTH } from '@gurumatch/shared/constants';
import { CHAT_MESSAGES } from '@gurumatch/shared/messages/chat';
import { useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useNavigate } from '../../../lib/router/index.ts';
import { useReportEnquiry } from '../api.ts';

interface ReportModalProps {
  isOpen: boolean;
  enquiryId: number;
  alreadyReported: boolean;
  onClose: () => void;
}

const REASON_OPTIONS = REPORT_REASONS.map((reason) => ({ value: reason, label: reason }));

/** 'Report Enquiry': a required reason and optional details up to 500 characters (part 2 §2, §5, §8). */
export function ReportModal({ isOpen, enquiryId, alreadyReported, onClose }: ReportModalProps) {
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useReportEnquiry();
  const toast = useToast();
  const navigate = useNavigate();
  const tooLong = message.length > REPORT_MESSAGE_MAX_LENGTH;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason || tooLong) return;
    setError(null);
    report.mutate(
      { enquiry: enquiryId, reason, message: message.trim() },
      {
        onSuccess: () => {
          toast.success(CHAT_MESSAGES.reportSuccess);
          onClose();
          void navigate(paths.dashboard);
        },
        onError: (failure) => {
          setError(failure instanceof ApiError ? failure.detail : CHAT_MESSAGES.reportFailed);
        },
      },
    );
  };

  return (
    <Modal isOpen={isOpen} title={CHAT_MESSAGES.reportTitle} onClose={onClose}>
      {alreadyReported ? (
        <div className="space-y-2 text-slate-700">
          <p>{CHAT_MESSAGES.reportAlready}</p>
          <p>{CHAT_MESSAGES.reportReviewShortly}</p>
          <div className="flex justify-end pt-2">
            <Button variant="secondary" onClick={onClose}>
              {CHAT_MESSAGES.reportCancel}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <Select
            label={CHAT_MESSAGES.reportReason}
            options={REASON_OPTIONS}
            placeholder={CHAT_MESSAGES.reportSelectReason}
            value={reason}
            required
            onChange={(event) => setReason(event.target.value)}
          />
          <Textarea
            label={CHAT_MESSAGES.reportDetails}
            value={message}
            maxLength={REPORT_MESSAGE_MAX_LENGTH}
            showCounter
            rows={4}
            error={tooLong ? CHAT_MESSAGES.reportTooLong : undefined}
            onChange={(event) => setMessage(event.target.value)}
          />
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              {CHAT_MESSAGES.reportCancel}
            </Button>
            <Button
              type="submit"
              variant="danger"
              busy={report.isPending}
              disabled={!reason || tooLong}
            >
              {report.isPending ? CHAT_MESSAGES.reportSubmitting : CHAT_MESSAGES.reportSubmit}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

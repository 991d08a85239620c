import { REPORT_REASONS } from '@gurumatch/shared/catalogues/report-reasons';
import { REPORT_MESSAGE_MAX_LENGTH } from '@gurumatch/shared/constants';
import { ENQUIRY_MESSAGES as M } from '@gurumatch/shared/messages/enquiries';
import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { isRefusal } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useNavigate } from '../../../lib/router/index.ts';
import { useReportEnquiry } from '../api.ts';

/** 'Report Enquiry' (spec part 2 §2, §5, §8). */
export function ReportModal({
  enquiryId,
  isReported,
  onClose,
}: {
  enquiryId: number;
  isReported: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const report = useReportEnquiry(enquiryId);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [reasonError, setReasonError] = useState<string | undefined>();

  const submit = async () => {
    if (!reason) {
      setReasonError(M.reasonRequired);
      return;
    }
    if (message.length > REPORT_MESSAGE_MAX_LENGTH) {
      setError(M.reportMessageTooLong);
      return;
    }
    try {
      await report.mutateAsync({ reason, message });
      toast.success(M.reported);
      onClose();
      void navigate(paths.dashboard);
    } catch (caught) {
      setError(isRefusal(caught) ? caught.firstError() : M.reportFailed);
    }
  };

  return (
    <Modal isOpen title={M.reportTitle} onClose={onClose}>
      {isReported ? (
        <div className="flex flex-col gap-2 text-slate-800">
          <p className="font-medium">{M.alreadyReported}</p>
          <p>{M.reviewShortly}</p>
        </div>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Select
            label="Reason"
            required
            placeholder="Select a reason"
            options={REPORT_REASONS.map((item) => ({ value: item, label: item }))}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
          />
          <Textarea
            label="Details (optional)"
            value={message}
            maxLength={REPORT_MESSAGE_MAX_LENGTH}
            showCounter
            rows={4}
            onChange={(event) => setMessage(event.target.value)}
          />
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={report.isPending}>
              {report.isPending ? M.submitting : M.report}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

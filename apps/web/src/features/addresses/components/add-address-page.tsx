import { ADDRESS_MESSAGES } from '@gurumatch/shared/messages/profile';
import { useQueryClient } from '@tanstack/react-query';

import { PageMeta } from '../../../components/ui/page-meta.tsx';
import { paths } from '../../../lib/paths.ts';
import { useNavigate } from '../../../lib/router/index.ts';
import { authKeys } from '../../auth/api.ts';
import { AuthCard } from '../../auth/components/auth-card.tsx';

import { AddAddressForm } from './add-address-form.tsx';

/** Onboarding step 2: the home address, then on to the profile. */
export function AddAddressPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onAdded = async () => {
    // The step guard reads the status: it must know the address is done before we move on.
    await queryClient.invalidateQueries({ queryKey: authKeys.all });
    await navigate(paths.completeProfile, { replace: true });
  };

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">
      <PageMeta title={ADDRESS_MESSAGES.addAddressTitle} noindex />
      <AuthCard
        title={ADDRESS_MESSAGES.addAddressTitle}
        subtitle="It helps us match you with tutors and students near you."
      >
        <AddAddressForm onAdded={onAdded} />
      </AuthCard>
    </div>
  );
}

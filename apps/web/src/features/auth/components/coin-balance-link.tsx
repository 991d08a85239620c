import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';

import { paths } from '../../../lib/paths.ts';
import { getQueryClient } from '../../../lib/query-client.ts';
import { Link } from '../../../lib/router/index.ts';
import { useCoins } from '../api.ts';

function CoinIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0">
      <circle cx="10" cy="10" r="8" className="fill-coin-500" />
      <circle cx="10" cy="10" r="5" fill="none" strokeWidth="1.5" className="stroke-coin-700" />
    </svg>
  );
}

interface CoinBalanceLinkProps {
  userId: number;
  className: string;
  onNavigate: () => void;
}

function CoinBalance({ userId, className, onNavigate }: CoinBalanceLinkProps) {
  // No number until the server has answered: a made-up 0 would tell a tutor their coins are gone.
  const coins = useCoins(userId, true).data?.coins;
  return (
    <Link
      to={paths.upgradePlan}
      onClick={onNavigate}
      title="Upgrade your plan for more coins"
      aria-busy={coins === undefined}
      className={className}
    >
      <CoinIcon />
      {coins === undefined ? 'Coins' : `${String(coins)} coins`}
    </Link>
  );
}

/** A teacher's 'N coins' link to the plans page (loaded only for signed-in teachers). */
export function CoinBalanceLink(props: CoinBalanceLinkProps) {
  const [client] = useState(getQueryClient);
  return (
    <QueryClientProvider client={client}>
      <CoinBalance {...props} />
    </QueryClientProvider>
  );
}

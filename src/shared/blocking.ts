// Blocked buyer (R-BLOCK-1): after the ERP profile loads, the account is blocked if any of
// morosidad, interes, protesto, prorroga differs from 'Sin Bloqueo'; an undefined prorroga does not block.

export const NOT_BLOCKED = 'Sin Bloqueo';

export interface BlockingFlags {
  morosidad?: string | null;
  interes?: string | null;
  protesto?: string | null;
  prorroga?: string | null;
}

/** No profile loaded yet means nothing is known to block the buyer. */
export function isBlocked(profile: BlockingFlags | null | undefined): boolean {
  if (!profile) return false;
  return (
    profile.morosidad !== NOT_BLOCKED ||
    profile.interes !== NOT_BLOCKED ||
    profile.protesto !== NOT_BLOCKED ||
    (profile.prorroga !== undefined && profile.prorroga !== NOT_BLOCKED)
  );
}

/** The flags that block, each in the ERP's words ('Bloqueado por morosidad'), in the order above; none when not blocked. */
export function blockingReasons(flags: BlockingFlags): string[] {
  const { morosidad, interes, protesto, prorroga } = flags;
  return [morosidad, interes, protesto, prorroga].filter((flag): flag is string => typeof flag === 'string' && flag !== '' && flag !== NOT_BLOCKED);
}

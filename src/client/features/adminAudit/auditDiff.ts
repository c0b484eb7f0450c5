import type { AuditRow, AuditValue } from '@shared/api/adminAudit';

// The before/after of one audit row as lines of a diff: every field either side has (the changed ones first, in the
// order the row names them), each marked changed or not.

export interface DiffLine {
  field: string;
  before: AuditValue | undefined;
  after: AuditValue | undefined;
  changed: boolean;
}

export function auditDiff(row: Pick<AuditRow, 'fields' | 'before' | 'after'>): DiffLine[] {
  const before = row.before ?? {};
  const after = row.after ?? {};
  const names = [...new Set([...row.fields, ...Object.keys(before), ...Object.keys(after)])];
  const lines = names.map((field) => {
    const b = field in before ? before[field] : undefined;
    const a = field in after ? after[field] : undefined;
    // a create or a delete changes every field it names; an update the ones whose value differs
    const changed = row.before === null || row.after === null ? true : b !== a;
    return { field, before: b, after: a, changed };
  });
  return [...lines.filter((l) => l.changed), ...lines.filter((l) => !l.changed)];
}

/** Who made a change, in a sentence (the CSV names them the same way). */
export { auditActorText } from '@shared/schemas/adminAudit';

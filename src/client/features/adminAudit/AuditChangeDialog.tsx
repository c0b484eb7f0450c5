import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { AuditRow, AuditValue } from '@shared/api/adminAudit';
import { formatDateTime } from '@shared/dates';
import { fill } from '@shared/messages';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditFieldLabel, auditValueLabel } from '@shared/schemas/adminAudit';
import { ADMIN_AUDIT_TEXT as T } from './adminAuditTexts';
import { auditActorText, auditDiff } from './auditDiff';

/** A changed field's row: a light amber background and bold values. */
const changedRow = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.12), '& td': { fontWeight: 600 } };

/** A kept value as text: booleans Sí/No, nothing as '(vacío)'. */
export function auditValueText(value: AuditValue | undefined): string {
  if (value === null || value === undefined || value === '') return T.nothing;
  if (typeof value === 'boolean') return value ? T.yes : T.no;
  return String(value);
}

/** One change's values before and after, the changed fields highlighted and listed first. */
export function AuditChangeDialog({ row, onClose }: { row: AuditRow | null; onClose: () => void }) {
  const lines = row ? auditDiff(row) : [];
  const details = row ? Object.entries(row.details) : [];
  return (
    <Dialog open={row !== null} onClose={onClose} fullWidth maxWidth="md" scroll="paper" aria-labelledby="audit-change-title">
      {row && (
        <>
          <DialogTitle id="audit-change-title">
            {fill(T.diffTitle, { action: AUDIT_ACTION_LABELS[row.action], entity: AUDIT_ENTITY_LABELS[row.entity].toLowerCase(), id: row.entityId })}
          </DialogTitle>
          <DialogContent dividers>
            <DialogContentText sx={{ mb: 2 }}>{fill(T.diffWho, { actor: auditActorText(row), at: formatDateTime(row.at) })}</DialogContentText>
            {lines.length === 0 ? (
              <Typography variant="body2">{T.noValues}</Typography>
            ) : (
              <TableContainer tabIndex={0} role="region" aria-label={T.diffTable}>
                <Table size="small" aria-label={T.diffTable}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{T.colField}</TableCell>
                      <TableCell>{T.colBefore}</TableCell>
                      <TableCell>{T.colAfter}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {lines.map((line) => (
                      <TableRow key={line.field} data-changed={line.changed} sx={line.changed ? changedRow : undefined}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {auditFieldLabel(line.field)}
                          {line.changed && <Chip size="small" color="warning" variant="outlined" label={T.changed} sx={{ ml: 1 }} />}
                        </TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere', color: line.changed ? 'error.dark' : undefined, textDecoration: line.changed && row.after !== null ? 'line-through' : undefined }}>
                          {row.before === null ? '' : auditValueText(auditValueLabel(line.field, line.before))}
                        </TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere', color: line.changed ? 'success.dark' : undefined }}>
                          {row.after === null ? '' : auditValueText(auditValueLabel(line.field, line.after))}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            {details.length > 0 && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2" component="h3">
                  {T.details}
                </Typography>
                {details.map(([key, value]) => (
                  <Typography key={key} variant="body2">
                    {auditFieldLabel(key)}: {auditValueText(auditValueLabel(key, value))}
                  </Typography>
                ))}
              </Box>
            )}
          </DialogContent>
        </>
      )}
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

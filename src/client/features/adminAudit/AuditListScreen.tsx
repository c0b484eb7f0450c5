import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { AuditRow } from '@shared/api/adminAudit';
import { companyText, personText } from '@shared/people';
import { formatDateTime } from '@shared/dates';
import { fill } from '@shared/messages';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, auditFieldLabel } from '@shared/schemas/adminAudit';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { ServerListScreen } from '@client/components/ServerListScreen';
import { selectAuditList, selectOpenedChange } from './adminAuditSelectors';
import { auditChangeClosed, auditChangeOpened, auditList } from './adminAuditSlice';
import { ADMIN_AUDIT_TEXT as T } from './adminAuditTexts';
import { AuditChangeDialog } from './AuditChangeDialog';
import './adminAuditFeature'; // the feature's slice and saga, in the store before this screen renders

/** The grid's fields that the API sorts by another name. */
const SORT_OF: Record<string, string> = { actorUsername: 'actor' };
const FIELD_OF: Record<string, string> = { actor: 'actorUsername' };

const entityOptions = AUDIT_ENTITIES.map((value) => ({ value, label: AUDIT_ENTITY_LABELS[value] }));
const actionOptions = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }));

const dataColumns: GridColDef<AuditRow>[] = [
  { field: 'at', headerName: T.colAt, width: 140, valueFormatter: (value: string) => formatDateTime(value) },
  // who: a person's name and rut ('… en nombre de {company}' for a sales rep representing a customer), and the company
  // they acted for (staff: the rut alone, no company)
  {
    field: 'actorUsername',
    headerName: T.colActor,
    minWidth: 150,
    flex: 0.8,
    valueGetter: (_value, row) => {
      const person = personText({ name: row.actorName, rut: row.actorUsername });
      return row.onBehalfOf ? fill(T.onBehalfOf, { person, company: row.onBehalfOf.name || row.onBehalfOf.rut }) : person;
    },
  },
  {
    field: 'actorCompanyRut',
    headerName: T.colActorCompany,
    minWidth: 150,
    flex: 0.8,
    sortable: false,
    valueGetter: (_value, row) => (row.actorCompanyRut ? companyText({ name: row.actorCompanyName, rut: row.actorCompanyRut }) : ''),
  },
  { field: 'entity', headerName: T.colEntity, width: 170, valueFormatter: (value: AuditRow['entity']) => AUDIT_ENTITY_LABELS[value] ?? value },
  { field: 'action', headerName: T.colAction, width: 130, valueFormatter: (value: AuditRow['action']) => AUDIT_ACTION_LABELS[value] ?? value },
  { field: 'entityId', headerName: T.colEntityId, width: 130 },
  { field: 'fields', headerName: T.colFields, minWidth: 200, flex: 1, sortable: false, valueFormatter: (value: string[]) => value.map(auditFieldLabel).join(', ') },
];

/** /admin/audit: 'Auditoría', who changed what and when (newest first), each change with its values before and after. */
export default function AuditListScreen() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectAuditList);
  const opened = useAppSelector(selectOpenedChange);

  const columns = useMemo<GridColDef<AuditRow>[]>(
    () => [
      ...dataColumns,
      {
        field: 'changes',
        headerName: T.colChanges,
        width: 140,
        sortable: false,
        renderCell: ({ row, tabIndex }) => (
          <Button
            size="small"
            startIcon={<VisibilityIcon />}
            tabIndex={tabIndex}
            aria-label={fill(T.viewChangesOf, { id: row.entityId })}
            onClick={() => dispatch(auditChangeOpened(row))}
          >
            {T.viewChanges}
          </Button>
        ),
      },
    ],
    [dispatch],
  );

  return (
    <ServerListScreen
      titleId="admin-audit-title"
      list={list}
      actions={auditList.actions}
      columns={columns}
      texts={T}
      options={{ sortOf: (field) => SORT_OF[field] ?? field, fieldOf: (sort) => FIELD_OF[sort] ?? sort }}
      filters={{
        label: T.filters,
        search: { label: T.search, placeholder: T.searchPlaceholder },
        texts: [
          { name: 'actor', label: T.actor, placeholder: T.actorPlaceholder },
          { name: 'entityId', label: T.entityId },
        ],
        selects: [
          { name: 'entity', label: T.entity, options: entityOptions },
          { name: 'action', label: T.action, options: actionOptions },
        ],
        dates: true,
        exportCsv: true,
      }}
      extra={<AuditChangeDialog row={opened} onClose={() => dispatch(auditChangeClosed())} />}
      grid={{ cards: { title: 'at', actions: ['changes'] } }}
    />
  );
}

import { useParams } from 'react-router-dom';

/**
 * The record id of the address (a route's `:id`), or null when there is none or it is not a positive whole number.
 * The update screens take the record they edit from their address, never from storage: a reload, a shared link and a
 * replayed QA scenario all open the same record.
 */
export function useAddressId(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

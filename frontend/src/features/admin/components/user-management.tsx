import { useCallback, useState, type FormEvent } from 'react';
import type { UserView } from '@tiredash/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminRolesMessages, adminUsersMessages } from '../../../shared/i18n/locales/en/admin';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { TextField } from '../../../shared/ui/text-field';
import { useUpdateCustomerMutation } from '../../customer/api';
import { useUpdateProviderMutation } from '../../provider/api';
import { useListUsersQuery } from '../api';
import { Pager, SearchBox } from '../../../shared/ui/list-controls';
import { labelOf } from '../../tracking/tracking-labels';

type Approval = 'pending' | 'approved' | 'rejected';

function approvalOf(value: boolean | null | undefined): Approval {
  if (value === true) return 'approved';
  if (value === false) return 'rejected';
  return 'pending';
}

function approvalValue(value: Approval): boolean | null {
  if (value === 'approved') return true;
  if (value === 'rejected') return false;
  return null;
}

function displayName(user: UserView): string {
  return user.customer?.fullName || user.business?.businessName || user.username;
}

function EditUserDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const { toast } = useToast();
  const t = useMessages(adminUsersMessages);
  const [updateCustomer, customerState] = useUpdateCustomerMutation();
  const [updateProvider, providerState] = useUpdateProviderMutation();
  const [fullName, setFullName] = useState(user.customer?.fullName ?? '');
  const [phone, setPhone] = useState(user.customer?.phone ?? '');
  const [businessName, setBusinessName] = useState(user.business?.businessName ?? '');
  const [approval, setApproval] = useState<Approval>(approvalOf(user.business?.isApproved));
  const saving = customerState.isLoading || providerState.isLoading;
  const role = user.role?.name;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      if (role === 'customer' && user.customer) {
        await updateCustomer({ id: user.customer.documentId, body: { data: { fullName: fullName.trim(), phone: phone.trim() } } }).unwrap();
      } else if (role === 'provider' && user.business) {
        await updateProvider({
          id: user.business.documentId,
          body: { data: { businessName: businessName.trim(), isApproved: approvalValue(approval) } },
        }).unwrap();
      }
      const text = adminUsersMessages.get();
      toast({ title: text.updatedTitle, description: text.updated({ name: displayName(user) }) });
      onClose();
    } catch (err) {
      const text = adminUsersMessages.get();
      toast({ title: text.errorTitle, description: errorMessage(err, text.failed), variant: 'destructive' });
    }
  };

  const editable = (role === 'customer' && user.customer) || (role === 'provider' && user.business);

  return (
    <Dialog open title={t.editTitle} description={`${user.username} · ${user.email}`} onClose={onClose}>
      {editable ? (
        <form className="form" onSubmit={(e) => void onSubmit(e)}>
          {role === 'customer' && (
            <>
              <TextField label={t.fullName} required value={fullName} onChange={(e) => setFullName(e.target.value)} disabled={saving} />
              <TextField label={t.phone} type="tel" required value={phone} onChange={(e) => setPhone(e.target.value)} disabled={saving} />
            </>
          )}
          {role === 'provider' && (
            <>
              <TextField label={t.businessName} required value={businessName} onChange={(e) => setBusinessName(e.target.value)} disabled={saving} />
              <div className="field">
                <label htmlFor="edit-user-approval" className="field__label">
                  {t.approval}
                </label>
                <select
                  id="edit-user-approval"
                  className="field__input"
                  value={approval}
                  onChange={(e) => setApproval(e.target.value as Approval)}
                  disabled={saving}
                >
                  <option value="pending">{t.pending}</option>
                  <option value="approved">{t.approved}</option>
                  <option value="rejected">{t.rejected}</option>
                </select>
              </div>
            </>
          )}
          <div className="row row--end">
            <Button variant="ghost" onClick={onClose} disabled={saving}>
              {t.cancel}
            </Button>
            <Button type="submit" busy={saving}>
              {saving ? t.saving : t.save}
            </Button>
          </div>
        </form>
      ) : (
        <p className="muted">{t.noProfile}</p>
      )}
    </Dialog>
  );
}

/** Every non-admin user, 25 a page and searchable, with an edit dialog (customer name and phone; provider business name and approval). */
export function UserManagement() {
  const t = useMessages(adminUsersMessages);
  const roles = useMessages(adminRolesMessages);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, isLoading, isError, error, refetch, isFetching } = useListUsersQuery({ page, search });
  const [editing, setEditing] = useState<UserView | null>(null);
  // A new search starts again from its first page.
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);

  const rows = (data?.items ?? []).filter((user) => user.role?.name !== 'admin');
  return (
    <section aria-labelledby="users-heading" className="stack">
      <h2 id="users-heading">{t.title}</h2>
      <SearchBox label={t.search} placeholder={t.searchPlaceholder} onSearch={onSearch} />
      {isLoading ? (
        <Spinner label={t.loading} />
      ) : isError ? (
        <ErrorState message={errorMessage(error, t.loadFailed)} onRetry={() => void refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{search ? t.noMatch({ search }) : t.empty}</EmptyState>
      ) : (
        <div className="table-wrap" aria-busy={isFetching || undefined}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.role}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.joined}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr key={user.id}>
                  <td data-label={t.name}>{displayName(user)}</td>
                  <td data-label={t.email}>{user.email}</td>
                  <td data-label={t.role}>{user.role?.name ? labelOf(roles, user.role.name) : t.none}</td>
                  <td data-label={t.status}>{user.role?.name === 'provider' && user.business ? t[approvalOf(user.business.isApproved)] : t.active}</td>
                  <td data-label={t.joined}>{formatDate(user.createdAt)}</td>
                  <td>
                    <Button variant="outline" size="sm" onClick={() => setEditing(user)} aria-label={t.editLabel({ name: displayName(user) })}>
                      {t.edit}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager label={t.pages} page={data.page} pageCount={data.pageCount} total={data.total} busy={isFetching} onPage={setPage} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

import { useCallback, useState, type FormEvent } from 'react';
import type { UserView } from '@tiredash/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/format';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { TextField } from '../../../shared/ui/text-field';
import { useUpdateCustomerMutation } from '../../customer/api';
import { useUpdateProviderMutation } from '../../provider/api';
import { useListUsersQuery } from '../api';
import { Pager, SearchBox } from '../../../shared/ui/list-controls';

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

const APPROVAL_LABEL: Record<Approval, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

function displayName(user: UserView): string {
  return user.customer?.fullName || user.business?.businessName || user.username;
}

function EditUserDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const { toast } = useToast();
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
      toast({ title: 'User Updated', description: `${displayName(user)} has been updated.` });
      onClose();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Update user failed'), variant: 'destructive' });
    }
  };

  const editable = (role === 'customer' && user.customer) || (role === 'provider' && user.business);

  return (
    <Dialog open title="Edit User" description={`${user.username} · ${user.email}`} onClose={onClose}>
      {editable ? (
        <form className="form" onSubmit={(e) => void onSubmit(e)}>
          {role === 'customer' && (
            <>
              <TextField label="Full Name" required value={fullName} onChange={(e) => setFullName(e.target.value)} disabled={saving} />
              <TextField label="Phone" type="tel" required value={phone} onChange={(e) => setPhone(e.target.value)} disabled={saving} />
            </>
          )}
          {role === 'provider' && (
            <>
              <TextField label="Business Name" required value={businessName} onChange={(e) => setBusinessName(e.target.value)} disabled={saving} />
              <div className="field">
                <label htmlFor="edit-user-approval" className="field__label">
                  Approval
                </label>
                <select
                  id="edit-user-approval"
                  className="field__input"
                  value={approval}
                  onChange={(e) => setApproval(e.target.value as Approval)}
                  disabled={saving}
                >
                  <option value="pending">Pending</option>
                  <option value="approved">Approved</option>
                  <option value="rejected">Rejected</option>
                </select>
              </div>
            </>
          )}
          <div className="row row--end">
            <Button variant="ghost" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" busy={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      ) : (
        <p className="muted">This user has no customer or provider profile to edit.</p>
      )}
    </Dialog>
  );
}

/** Every non-admin user, 25 a page and searchable, with an edit dialog (customer name and phone; provider business name and approval). */
export function UserManagement() {
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
      <h2 id="users-heading">Users</h2>
      <SearchBox label="Search users" placeholder="Name, e-mail, phone or business" onSearch={onSearch} />
      {isLoading ? (
        <Spinner label="Loading users..." />
      ) : isError ? (
        <ErrorState message={errorMessage(error, 'Could not load users.')} onRetry={() => void refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>{search ? `No users match “${search}”.` : 'No users yet.'}</EmptyState>
      ) : (
        <div className="table-wrap" aria-busy={isFetching || undefined}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Joined</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr key={user.id}>
                  <td data-label="Name">{displayName(user)}</td>
                  <td data-label="Email">{user.email}</td>
                  <td data-label="Role">{user.role?.name ?? 'none'}</td>
                  <td data-label="Status">{user.role?.name === 'provider' && user.business ? APPROVAL_LABEL[approvalOf(user.business.isApproved)] : 'Active'}</td>
                  <td data-label="Joined">{formatDate(user.createdAt)}</td>
                  <td>
                    <Button variant="outline" size="sm" onClick={() => setEditing(user)} aria-label={`Edit ${displayName(user)}`}>
                      Edit
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager label="Users pages" page={data.page} pageCount={data.pageCount} total={data.total} busy={isFetching} onPage={setPage} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

import {
  ShipToAddressInputSchema,
  texts,
  type ShipToAddress,
  type ShipToAddressInput,
} from '@tools-factory/contract';
import { useId, useState } from 'react';
import { FaPen, FaPlus, FaTrash } from 'react-icons/fa';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormError } from '../../../components/ui/form-error';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useSendingForm } from '../../../lib/use-sending-form';
import {
  useAddAddress,
  useChangeAddress,
  useLockAddresses,
  useRemoveAddress,
} from '../api/company-addresses';
import { ActionNotice, failed, succeeded, type Notice } from './action-notice';

const words = texts.shipTo;

const EMPTY: ShipToAddressInput = { label: '', name: '', address: '', phone: '' };

interface AddressFormProps {
  initialValues: ShipToAddressInput;
  busy: boolean;
  onSave: (address: ShipToAddressInput) => Promise<unknown>;
  onCancel: () => void;
}

/** A ship-to address's fields, checked by the contract's rules; a refusal shows above the buttons. */
function AddressForm({ initialValues, busy, onSave, onCancel }: AddressFormProps) {
  const { form, serverError, onSubmit } = useSendingForm(
    ShipToAddressInputSchema,
    initialValues,
    onSave,
  );
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={words.label}
        autoComplete="off"
        aria-required="true"
        error={errors.label?.message}
        {...form.register('label')}
      />
      <TextField
        label={words.name}
        autoComplete="name"
        aria-required="true"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextAreaField
        label={words.address}
        rows={3}
        autoComplete="street-address"
        aria-required="true"
        error={errors.address?.message}
        {...form.register('address')}
      />
      <TextField
        label={words.phoneOptional}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <FormError message={serverError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
          {words.cancel}
        </button>
        <BusyButton type="submit" busy={busy} className="btn-primary">
          {busy ? words.saving : words.save}
        </BusyButton>
      </div>
    </form>
  );
}

interface CompanyAddressesProps {
  addresses: ShipToAddress[];
  locked: boolean;
  /** A company admin: add, edit, remove, and the lock. */
  isAdmin: boolean;
}

/** What is being edited: a new address, or one of the list. */
type Editing = { kind: 'new' } | { kind: 'edit'; address: ShipToAddress };

/**
 * The company's ship-to addresses (issue 44): every member sees them (they choose one at
 * checkout); its admins add, edit and remove them in a dialog, and may lock the list (checkouts
 * then ship only to these). Each change's answer replaces the company's view.
 */
export function CompanyAddresses({ addresses, locked, isAdmin }: CompanyAddressesProps) {
  const headingId = useId();
  const lockHelpId = useId();
  const idPrefix = useId();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<ShipToAddress | null>(null);
  const addAddress = useAddAddress();
  const changeAddress = useChangeAddress();
  const removeAddress = useRemoveAddress();
  const lockAddresses = useLockAddresses();
  const saving = addAddress.isPending || changeAddress.isPending;
  // The lock as asked for, shown at once until the server answers.
  const [asked, setAsked] = useState<boolean | null>(null);

  async function save(address: ShipToAddressInput) {
    if (editing?.kind === 'edit') {
      await changeAddress.mutateAsync({ id: editing.address._id, address });
      setNotice(succeeded('page', words.saved(address.label.trim())));
    } else {
      await addAddress.mutateAsync(address);
      setNotice(succeeded('page', words.added(address.label.trim())));
    }
    setEditing(null);
  }

  function remove(address: ShipToAddress) {
    removeAddress.mutate(address._id, {
      onSuccess: () => {
        setRemoving(null);
        setNotice(succeeded('page', words.removed(address.label)));
      },
      onError: (error) => {
        setRemoving(null);
        setNotice(failed('page', errorMessage(error)));
      },
    });
  }

  function toggleLock(lock: boolean) {
    setAsked(lock);
    lockAddresses.mutate(
      { locked: lock },
      {
        onSettled: () => setAsked(null),
        onSuccess: () => setNotice(succeeded('page', lock ? words.locked : words.unlocked)),
        onError: (error) => setNotice(failed('page', errorMessage(error))),
      },
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="card-title">
            {words.title}
          </h3>
          {isAdmin ? (
            <button
              type="button"
              className="btn btn-primary btn-sm max-sm:w-full"
              onClick={() => setEditing({ kind: 'new' })}
            >
              <FaPlus aria-hidden="true" />
              {words.add}
            </button>
          ) : null}
        </div>
        <p className="text-base-content/70 text-sm">{words.intro}</p>
        {isAdmin ? (
          <div className="flex flex-col gap-1">
            <label className="flex cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                className="toggle toggle-primary"
                checked={asked ?? locked}
                disabled={lockAddresses.isPending}
                aria-describedby={lockHelpId}
                onChange={(event) => toggleLock(event.target.checked)}
              />
              <span className="font-semibold">{words.lock}</span>
            </label>
            <p id={lockHelpId} className="text-base-content/70 text-sm">
              {words.lockHelp}
            </p>
          </div>
        ) : locked ? (
          <p className="font-semibold">{words.lockedShown}</p>
        ) : null}
        <ActionNotice notice={notice} place="page" />
        {addresses.length === 0 ? (
          <p className="text-base-content/70">{words.none}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {addresses.map((address) => {
              const labelId = `${idPrefix}-${address._id}`;
              return (
                <li
                  key={address._id}
                  className="border-base-300 flex flex-col gap-2 rounded-box border p-3"
                >
                  <p id={labelId} className="font-semibold wrap-break-word">
                    {address.label}
                  </p>
                  <dl className="grid grid-cols-[minmax(0,6rem)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-base-content/70 font-semibold">{words.name}</dt>
                    <dd className="wrap-break-word">{address.name}</dd>
                    <dt className="text-base-content/70 font-semibold">{words.address}</dt>
                    <dd className="wrap-break-word whitespace-pre-line">{address.address}</dd>
                    <dt className="text-base-content/70 font-semibold">{words.phone}</dt>
                    <dd className="wrap-break-word">
                      {address.phone || (
                        <span className="text-base-content/70 italic">{words.noPhone}</span>
                      )}
                    </dd>
                  </dl>
                  {isAdmin ? (
                    <div className="mt-auto flex flex-wrap gap-2 pt-1">
                      <button
                        type="button"
                        className="btn btn-outline btn-sm max-sm:flex-1"
                        aria-label={words.editOne(address.label)}
                        onClick={() => setEditing({ kind: 'edit', address })}
                      >
                        <FaPen aria-hidden="true" />
                        {words.edit}
                      </button>
                      <button
                        type="button"
                        className="btn btn-error btn-outline btn-sm max-sm:flex-1"
                        aria-label={words.removeOne(address.label)}
                        onClick={() => setRemoving(address)}
                      >
                        <FaTrash aria-hidden="true" />
                        {words.remove}
                      </button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {isAdmin ? (
        <>
          <FormDialog
            open={editing !== null}
            title={editing?.kind === 'edit' ? words.editAddress : words.newAddress}
            closeLabel={words.close}
            busy={saving}
            onClose={() => setEditing(null)}
          >
            {editing ? (
              <AddressForm
                initialValues={
                  editing.kind === 'edit'
                    ? {
                        label: editing.address.label,
                        name: editing.address.name,
                        address: editing.address.address,
                        phone: editing.address.phone,
                      }
                    : EMPTY
                }
                busy={saving}
                onSave={save}
                onCancel={() => setEditing(null)}
              />
            ) : null}
          </FormDialog>
          <RemoveDialog
            item={removing}
            title={words.removeTitle}
            busy={removeAddress.isPending}
            confirmLabel={words.removeConfirm}
            cancelLabel={words.keep}
            onConfirm={remove}
            onCancel={() => setRemoving(null)}
          >
            {(address) => (
              <p className="wrap-break-word">
                <strong>{address.label}</strong>: {address.name}, {address.address}
              </p>
            )}
          </RemoveDialog>
        </>
      ) : null}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  type AddressesLockInput,
  type MyCompany,
  type ShipToAddressInput,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { myCompanyQueryOptions, useCompanyChange } from './get-my-company';

/** POST /api/company/addresses (bearer, its admins): a new ship-to address (201). */
export function addAddress(address: ShipToAddressInput): Promise<MyCompany> {
  return api.post<MyCompany>(apiPaths.companyAddresses, address);
}

/** PATCH /api/company/addresses/{id} (bearer, its admins): a ship-to address changed. */
export function changeAddress({
  id,
  address,
}: {
  id: string;
  address: ShipToAddressInput;
}): Promise<MyCompany> {
  return api.patch<MyCompany>(apiPaths.companyAddress(id), address);
}

/** DELETE /api/company/addresses/{id} (bearer, its admins): a ship-to address removed. */
export function removeAddress(id: string): Promise<MyCompany> {
  return api.delete<MyCompany>(apiPaths.companyAddress(id));
}

/** PUT /api/company/addresses/locked (bearer, its admins): ship only to these addresses, or not. */
export function lockAddresses(lock: AddressesLockInput): Promise<MyCompany> {
  return api.put<MyCompany>(apiPaths.companyAddressesLocked, lock);
}

export function useAddAddress() {
  return useCompanyChange(addAddress);
}

export function useChangeAddress() {
  return useCompanyChange(changeAddress);
}

export function useRemoveAddress() {
  return useCompanyChange(removeAddress);
}

export function useLockAddresses() {
  return useCompanyChange(lockAddresses);
}

/**
 * The caller's company's ship-to addresses and whether its checkouts ship only to them (null
 * without a company), from the same answer as the Company page (the cart's checkout offers
 * them); `enabled` false (an admin of the shop) asks for nothing.
 */
export function useMyShipTo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...myCompanyQueryOptions(),
    select: (view) =>
      view.company ? { addresses: view.addresses, locked: view.company.addressesLocked } : null,
    enabled,
  });
}

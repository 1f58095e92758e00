import { routes } from '@tools-factory/contract';
import { Navigate } from 'react-router';
import { addInformationRequest } from '../add-information-request';

/**
 * /myProfileInfo: the add-information modal, opened on My Profile so that closing it (or saving)
 * leaves the user with their details, the dashboard around them. Replaced in the history, so
 * Back does not open it again.
 */
export default function MyProfileInfoPage() {
  return <Navigate to={routes.dashboardMyProfile} replace state={addInformationRequest} />;
}

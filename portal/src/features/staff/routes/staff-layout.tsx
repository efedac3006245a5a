import { Outlet } from 'react-router-dom';

import { StaffShell } from '../components/staff-shell';

/** The staff's pages (the queue, the partner directory) in their shell. */
export function StaffLayout() {
  return (
    <StaffShell>
      <Outlet />
    </StaffShell>
  );
}

import { Button, Combobox, Dialog, type ComboboxOption } from '@partner-portal/ui-kit';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { paths } from '@/config/paths';
import { fetchStaffPartners } from '@/lib/staff/partner-directory';

/** The partners whose slug or name holds `text`, as the search's options (at most 20). */
async function partnerOptions(text: string, signal: AbortSignal): Promise<ComboboxOption[]> {
  const page = await fetchStaffPartners({ q: text.trim(), limit: 20 }, signal);
  return page.items.map(({ slug, name }) => ({ value: slug, label: name, description: slug }));
}

/**
 * The staff's partner switcher (docs/product.md §3a): search any partner by slug or name
 * (GET /api/staff/partners?q=) and open its overview; the BFF writes every such opening to the
 * audit log.
 */
export function PartnerSearch() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      title="Open a partner"
      description="Search every partner by name or slug. Every visit is written to the audit log."
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm">
          Find partner
        </Button>
      }
    >
      <Combobox
        label="Partner"
        placeholder="Name or slug"
        value={null}
        loadOptions={partnerOptions}
        noResultsText="No partner matches"
        onChange={(option) => {
          if (option === null) return;
          setOpen(false);
          void navigate(paths.overview(option.value));
        }}
      />
    </Dialog>
  );
}

import { texts } from '@tools-factory/contract';
import { useCategories, useRefreshCategories } from '../../features/categories/api/get-categories';
import { ManageCategories } from '../../features/categories/components/manage-categories';
import { useRefreshTools } from '../../features/tools/api/tools-query';
import { ManageTools } from '../../features/tools/components/manage-tools';

/**
 * /dashborad/manageTools (admins): the category tree (categories) and the tools on sale (tools),
 * each tool's category chosen from the tree. A change of the tree refreshes the tools (their
 * categories) and a change of a tool the tree (its counts).
 */
export default function ManageToolsPage() {
  const categories = useCategories();
  const refreshTools = useRefreshTools();
  const refreshCategories = useRefreshCategories();
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.dashboard.manageTools}</h2>
      <ManageCategories onChanged={() => void refreshTools()} />
      <ManageTools
        categories={categories.data?.categories ?? []}
        onToolChanged={() => void refreshCategories()}
      />
    </section>
  );
}

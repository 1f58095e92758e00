import { texts } from '@tools-factory/contract';
import { useCategories } from '../../features/categories/api/get-categories';
import { AddProductForm } from '../../features/tools/components/add-product-form';

/** /dashborad/addproducts (admins): the Add Product form, the category chosen from the tree. */
export default function AddProductPage() {
  const categories = useCategories();
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.dashboard.addProducts}</h2>
      <div className="max-w-3xl">
        <AddProductForm categories={categories.data?.categories ?? []} />
      </div>
    </section>
  );
}

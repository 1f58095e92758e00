import { texts } from '@tools-factory/contract';
import { AddProductForm } from '../components/add-product-form';

/** /dashborad/addproducts (admins): the Add Product form. */
export default function AddProductPage() {
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.dashboard.addProducts}</h2>
      <div className="max-w-3xl">
        <AddProductForm />
      </div>
    </section>
  );
}

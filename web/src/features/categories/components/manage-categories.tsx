import { type Category, categoryTexts } from '@tools-factory/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { FormDialog } from '../../../components/ui/form-dialog';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCategories } from '../api/get-categories';
import { useAddCategory, useDeleteCategory, useUpdateCategory } from '../api/manage-categories';
import { CategorySelect } from '../../../components/ui/category-select';

const words = categoryTexts.manage;

/** A text input's props bound to a piece of state. */
function typed(value: string, set: (value: string) => void) {
  return {
    autoComplete: 'off',
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.target.value),
  };
}

/** The category and every category under it: where it may not be moved. */
function withDescendants(categories: readonly Category[], slug: string): Set<string> {
  const found = new Set([slug]);
  for (const category of categories) {
    if (category.parent !== null && found.has(category.parent)) found.add(category.slug);
  }
  return found;
}

/**
 * Manage Tools' Categories (issue 43): the tree, each category with its tools on sale; add one
 * (a name, an optional slug, a parent), rename or move one, delete an empty one. Every refusal is
 * said in the server's words where the admin is looking.
 */
export function ManageCategories({ onChanged }: { onChanged?: () => void }) {
  const categories = useCategories();
  const [editing, setEditing] = useState<Category | null>(null);
  const [removing, setRemoving] = useState<Category | null>(null);
  return (
    <section aria-labelledby="manage-categories-title" className="mb-10">
      <h3 id="manage-categories-title" className="mb-1 text-xl font-bold">
        {words.title}
      </h3>
      <p className="text-base-content/70 mb-4 text-sm">{words.intro}</p>
      <QueryBoundary query={categories}>
        {(tree) => (
          <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
            <CategoryTreeList
              categories={tree.categories}
              onEdit={setEditing}
              onRemove={setRemoving}
            />
            <AddCategoryForm categories={tree.categories} />
            <EditCategoryDialog
              category={editing}
              categories={tree.categories}
              onClose={() => setEditing(null)}
              onChanged={onChanged}
            />
            <RemoveCategoryDialog category={removing} onClose={() => setRemoving(null)} />
          </div>
        )}
      </QueryBoundary>
    </section>
  );
}

function CategoryTreeList({
  categories,
  onEdit,
  onRemove,
}: {
  categories: readonly Category[];
  onEdit: (category: Category) => void;
  onRemove: (category: Category) => void;
}) {
  if (categories.length === 0) return <p>{words.none}</p>;
  return (
    <ul className="border-base-300 rounded-box divide-base-300 divide-y border">
      {categories.map((category) => (
        <li
          key={category._id}
          className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2"
          style={{ paddingInlineStart: `${0.75 + (category.depth - 1) * 1.5}rem` }}
        >
          <span className="min-w-0 grow break-words">
            <span className="font-medium">{category.name}</span>{' '}
            <span className="text-base-content/75 text-xs">/{category.slug}</span>
          </span>
          {/* One group: a long name sends it whole to the next line, not Delete alone. */}
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="badge badge-ghost badge-sm whitespace-nowrap">
              {categoryTexts.browse.toolCount(category.toolCount)}
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => onEdit(category)}
              aria-label={words.renameTitle(category.name)}
            >
              {words.rename} / {words.move}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs text-error"
              onClick={() => onRemove(category)}
              aria-label={words.removeTitle(category.name)}
            >
              {words.remove}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

function AddCategoryForm({ categories }: { categories: readonly Category[] }) {
  const add = useAddCategory();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [parent, setParent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      const added = await add.mutateAsync({
        name,
        ...(slug.trim() ? { slug: slug.trim() } : {}),
        parent: parent || null,
      });
      toast.success(words.added(added.name));
      setName('');
      setSlug('');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={words.add}
      className="card bg-base-100 border-base-300 self-start border shadow-sm"
    >
      <div className="card-body gap-3 p-5">
        <h4 className="font-semibold">{words.add}</h4>
        <TextField label={words.name} name="name" {...typed(name, setName)} />
        <TextField label={words.slug} name="slug" {...typed(slug, setSlug)} />
        <CategorySelect
          label={words.parent}
          name="parent"
          categories={categories}
          value={parent}
          onChange={(event) => setParent(event.target.value)}
          noneLabel={words.topLevel}
        />
        <FormError message={error} />
        <BusyButton type="submit" busy={add.isPending} className="btn-primary">
          {words.add}
        </BusyButton>
      </div>
    </form>
  );
}

function EditCategoryDialog({
  category,
  categories,
  onClose,
  onChanged,
}: {
  category: Category | null;
  categories: readonly Category[];
  onClose: () => void;
  onChanged: (() => void) | undefined;
}) {
  const update = useUpdateCategory();
  return (
    <FormDialog
      open={category !== null}
      title={category ? words.renameTitle(category.name) : words.rename}
      closeLabel={words.cancel}
      busy={update.isPending}
      onClose={onClose}
    >
      {category ? (
        <EditCategoryForm
          key={category._id}
          category={category}
          categories={categories}
          update={update}
          onDone={() => {
            onChanged?.();
            onClose();
          }}
          onCancel={onClose}
        />
      ) : null}
    </FormDialog>
  );
}

function EditCategoryForm({
  category,
  categories,
  update,
  onDone,
  onCancel,
}: {
  category: Category;
  categories: readonly Category[];
  update: ReturnType<typeof useUpdateCategory>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(category.name);
  const [parent, setParent] = useState(category.parent ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await update.mutateAsync({
        slug: category.slug,
        ...(name !== category.name ? { name } : {}),
        ...(parent !== (category.parent ?? '') ? { parent: parent || null } : {}),
      });
      toast.success(
        saved.name !== category.name ? words.renamed(saved.name) : words.moved(saved.name),
      );
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <TextField label={words.name} {...typed(name, setName)} />
      <CategorySelect
        label={words.parent}
        categories={categories}
        value={parent}
        onChange={(event) => setParent(event.target.value)}
        noneLabel={words.topLevel}
        excluded={withDescendants(categories, category.slug)}
      />
      <FormError message={error} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {words.cancel}
        </button>
        <BusyButton type="submit" busy={update.isPending} className="btn-primary">
          {words.save}
        </BusyButton>
      </div>
    </form>
  );
}

function RemoveCategoryDialog({
  category,
  onClose,
}: {
  category: Category | null;
  onClose: () => void;
}) {
  const remove = useDeleteCategory();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!category) return;
    setError(null);
    try {
      await remove.mutateAsync(category.slug);
      toast.success(words.removed(category.name));
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <ConfirmDialog
      open={category !== null}
      title={category ? words.removeTitle(category.name) : words.remove}
      confirmLabel={words.removeConfirm}
      confirmClassName="btn-error"
      cancelLabel={words.cancel}
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={() => {
        setError(null);
        onClose();
      }}
    >
      <FormError message={error} />
    </ConfirmDialog>
  );
}

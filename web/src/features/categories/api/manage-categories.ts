import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type Category,
  type CreateCategoryInput,
  type UpdateCategoryInput,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { categoriesQueryKey } from './get-categories';

/** POST /api/manageCategories (admins): a new category. */
function addCategory(input: CreateCategoryInput): Promise<Category> {
  return api.post<Category>(apiPaths.manageCategories, input);
}

/** PATCH /api/manageCategories/{slug} (admins): rename, move, place. */
function updateCategory({
  slug,
  ...input
}: UpdateCategoryInput & { slug: string }): Promise<Category> {
  return api.patch<Category>(apiPaths.manageCategory(slug), input);
}

/** DELETE /api/manageCategories/{slug} (admins): an empty category. */
function deleteCategory(slug: string): Promise<{ deletedCount: number }> {
  return api.delete<{ deletedCount: number }>(apiPaths.manageCategory(slug));
}

/** One of the tree's writes; the tree is asked for again whatever the answer. */
function useCategoryWrite<Input, Answer>(write: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}

export const useAddCategory = () => useCategoryWrite(addCategory);
export const useUpdateCategory = () => useCategoryWrite(updateCategory);
export const useDeleteCategory = () => useCategoryWrite(deleteCategory);

import { product } from '@receta/domain';

/** Names the browser tab after the page, so that tabs and history entries are told apart. */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} · ${product.name}`}</title>;
}

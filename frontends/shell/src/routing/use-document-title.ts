import { useEffect } from 'react';

export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = page ? `${page} · Cairn` : 'Cairn · Clinical protocol search';
  }, [page]);
}

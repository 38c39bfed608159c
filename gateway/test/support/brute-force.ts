import { api } from '@snaptrack/testing';

/**
 * An account's expenses as the list route gives them, for suites that compare a route's answer
 * with the rows. (The statistics oracle is expenses-service's: test/medium/statistics-oracle.ts.)
 */
export interface Row {
  vendor: string;
  cents: number;
  date: string;
  entity: string | null;
  tags: string[];
  status: string;
}

/** Every expense of the account, through the list route. */
export async function allRows(token: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await api(`/api/expenses?page=${page}&per_page=100`, { token });
    for (const expense of body.expenses) {
      rows.push({
        vendor: expense.vendor,
        cents: Math.round(expense.amount * 100),
        date: expense.expense_date,
        entity: expense.entity,
        tags: expense.tags,
        status: expense.status,
      });
    }
    if (!body.pagination.has_next_page) return rows;
  }
}

export { todayIn } from '@snaptrack/testing';

/** The admins' Sales page. */
export const salesTexts = {
  /** The admins' Sales page (issue 13): the figures of GET /manageSales as charts and tables. */
  sales: {
    title: 'Sales',
    window: (from: string, to: string) => `${from} to ${to} (UTC)`,
    /** Issue 43: when the figures were read (older while another admin's are being added up). */
    asOf: (time: string) => `Figures as of ${time}`,
    revenuePerDay: 'Revenue per day',
    revenueTotal: (total: string, orders: number) =>
      `${total} from ${orders.toLocaleString('en-US')} paid ${orders === 1 ? 'order' : 'orders'} in this range`,
    /** Issue 42: what went back of the range's payments, beside its revenue (net of it). */
    refundedTotal: (total: string, lines: number) =>
      `Refunded: ${total} (${lines.toLocaleString('en-US')} ${lines === 1 ? 'line' : 'lines'})`,
    /**
     * Issue 45: the invoices on account as of now, whatever the range: what is open and what of
     * it is past its due date, with the way to the Receivables page.
     */
    receivables: 'Receivables',
    receivablesOverdue: 'Overdue',
    receivablesNote: 'Invoices on account not yet paid, as of now',
    seeReceivables: 'See receivables',
    ordersByStatus: 'Orders by status',
    topTools: 'Top five tools by revenue',
    noTopTools: 'No tool was paid for in this range',
    /** Issue 25: the range's two days, and its figures as CSV. */
    range: 'Date range',
    from: 'From',
    to: 'To',
    show: 'Show',
    lastThirtyDays: 'Last 30 days',
    downloadCsv: 'Download CSV',
    rangeFromAfterTo: 'The first day must be on or before the last one.',
    rangeTooLong: (max: number) => `Choose a range of at most ${max} days.`,
    csv: {
      date: 'Date',
      orders: 'Orders paid',
      revenue: 'Revenue (USD)',
      refunded: 'Refunded (USD)',
      refundedLines: 'Lines refunded',
      shipping: 'Shipping (USD)',
      total: 'Total',
      tool: 'Tool',
      units: 'Units',
      status: 'Status',
      count: 'Orders now',
    },
    columns: {
      date: 'date',
      revenue: 'revenue',
      orders: 'orders',
      refunded: 'refunded',
      status: 'status',
      count: 'orders',
      tool: 'tool',
      quantity: 'units',
    },
    /** The statuses as the Sales page names them (the API's own words, not My Orders' badges). */
    statusNames: {
      unpaid: 'unpaid',
      awaiting_approval: 'awaiting approval',
      invoiced: 'invoiced',
      paid: 'paid',
      partly_shipped: 'partly shipped',
      shipped: 'shipped',
      cancelled: 'cancelled',
      refunded: 'refunded',
      disputed: 'disputed',
    },
    loadingCharts: 'Loading the charts',
  },
} as const;

/** What only the server says of sales, part of serverTexts. */
export const salesServerTexts = {
  /** 400 from GET /manageSales(.csv): the date range asked for (issue 25). */
  salesErrors: {
    badDay: (field: 'from' | 'to', value: string) =>
      `The ${field === 'from' ? 'first' : 'last'} day of the range must be a date written YYYY-MM-DD, such as 2026-01-31; '${value}' is not.`,
    fromAfterTo: (from: string, to: string) =>
      `The range starts after it ends: ${from} is after ${to}. Choose a first day on or before the last one.`,
    tooLong: (days: number, max: number) =>
      `The range is ${days.toLocaleString('en-US')} days long; choose at most ${max} days.`,
  },
} as const;

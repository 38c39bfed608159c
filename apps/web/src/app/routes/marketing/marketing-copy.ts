// Copy of the marketing pages, from content/marketing.md. Claims stay true of the product:
// the accuracy and speed sentences are the figures of our own receipt benchmark
// (npm run bench:extraction, docs/benchmarks.md, "Receipts from anywhere").

export const ACCURACY_LINE =
  'Read the right total on 97 of 98 real shop receipts in our benchmark. You confirm or fix it in one click.';

export const PAIN_POINTS = [
  ['The shoebox.', 'Crumpled receipts in wallets, pockets, glove boxes and drawers.'],
  ['The fade.', 'Thermal paper goes blank within months, taking your deduction with it.'],
  ['The inbox.', 'Order confirmations buried among newsletters, impossible to find in April.'],
  [
    'The mix-up.',
    'Business and personal spending tangled together, and two businesses worse still.',
  ],
] as const;

export const STEPS = [
  [
    'Snap',
    "Take a photo with your phone's camera, drop in a file, or forward the receipt email to your personal SnapTrack address.",
  ],
  [
    'Track',
    'SnapTrack reads the vendor, amount and date, and you choose the business and add tags. A confidence badge tells you when to double-check.',
  ],
  [
    'Done',
    'Watch your totals by day, week, month and business, then export a CSV, a QuickBooks invoice CSV or a PDF of every receipt.',
  ],
] as const;

export const TESTIMONIALS = [
  [
    'I run a design studio and a small consulting business. Before SnapTrack, every March meant a weekend of sorting receipts into two piles. Now each one goes to the right business the moment I snap it.',
    'Illustrative: freelance designer with two businesses',
  ],
  [
    'Half my receipts arrive by email. I just forward them and they turn up as expenses, PDF invoices and all.',
    'Illustrative: consultant who travels for work',
  ],
  [
    'My accountant asked for a CSV and the receipts for last quarter. It took me two minutes: one export for the spreadsheet, one PDF with every receipt.',
    'Illustrative: owner of a small online shop',
  ],
] as const;

export const SECURITY_POINTS = [
  ['Yours alone.', "Every account is personal. We don't sell your data or use it for advertising."],
  [
    'Careful with passwords.',
    'Passwords are stored only as strong one-way hashes. Reset links work once and expire after an hour.',
  ],
  [
    'Payments by Stripe.',
    'Your card details go straight to Stripe. SnapTrack never sees your card number.',
  ],
  [
    "You're in control.",
    'Sign out of every device with one click, export everything whenever you like, and ask us to delete your data at any time.',
  ],
  [
    'Mail only where it belongs.',
    'Your receipt address accepts mail only for your account, and we never connect to your mailbox.',
  ],
  ['No tracking without consent.', 'Analytics run only after you click Accept.'],
] as const;

export const FEATURES = [
  [
    'Snap from any device',
    "Upload from your computer or take a photo with your phone's camera. SnapTrack works in your phone's browser, with camera capture, and you can add it to your home screen. JPG, PNG, WebP, HEIC and PDF, up to 20 MB each, several at once.",
  ],
  [
    'Reads receipts for you',
    'SnapTrack finds the vendor, amount and date on your receipt in the background. In our benchmark it read the total right on 99% of real shop receipts from Malaysia and on 49 of 50 real receipts photographed or scanned in 23 countries (the receipts it was tuned on), and a confidence badge shows when to take a second look.',
  ],
  [
    'Forward receipt emails',
    'Get a personal receipt address. Forward from Gmail, Outlook or Apple Mail: attachments become receipts, and plain emails become text receipts you can read any time.',
  ],
  [
    'An entity for every business',
    'Keep Personal and each of your businesses apart. Pick the entity when you upload, and see spending per business at a glance.',
  ],
  [
    'Tags that make sense',
    'Add up to 5 tags per expense, such as Travel, Meals or Software. SnapTrack suggests your most-used tags as you type.',
  ],
  [
    'Fix anything in one click',
    'Edit the vendor, amount, date, description, entity and tags right on the card. The original receipt is always one click away.',
  ],
  [
    'Know where your money goes',
    'Summary cards for today, this week, this month and all time, plus statistics by entity, your top vendors and your top tags.',
  ],
  [
    'Exports your accountant will love',
    'CSV for any spreadsheet, a QuickBooks invoice CSV for billing clients, and a PDF with every receipt for your records. Filter by dates, entities and tags.',
  ],
] as const;

export const PLAN_FEATURES = [
  'Unlimited receipts',
  'Unlimited entities and tags',
  'Photo, PDF and camera uploads (JPG, PNG, WebP, HEIC, PDF)',
  'Automatic reading of vendor, amount and date, with confidence badges',
  'Personal receipt address for forwarded emails',
  'Dashboard summaries and statistics',
  'CSV, QuickBooks invoice CSV and receipt PDF exports',
  'Works in any modern browser on your computer and phone, with camera capture',
  'Email support on weekdays',
] as const;

export const NO_HIDDEN_FEES = [
  'One price: $4.99 per month, every feature included.',
  'No setup fee.',
  'No per-receipt or per-export charges.',
  'No extra charge for more businesses, tags or email receipts.',
  'No cancellation fee: cancel anytime and keep access until the end of the month you paid for.',
  'No long contracts: monthly billing only.',
] as const;

export const FAQ = [
  [
    'How accurate is SnapTrack?',
    'In our benchmark SnapTrack read the total right on 97 of 98 real shop receipts (the public SROIE set from Malaysia) and on 49 of 50 real photos and scans from 23 countries, the date on 97 of 98 and on all 31 of those 50 that print one we could check; its rules were tuned on both sets. On receipts it was never tuned on it does less well (93% of totals on unseen Malaysian receipts when last measured), so every expense shows a confidence badge, and you can fix any field in one click. Clear, flat photos in good light give the best results. SnapTrack reads receipts printed in English, German, French, Spanish, Italian, Dutch, Portuguese and Malay.',
  ],
  [
    'Is there a mobile app?',
    "SnapTrack works in your phone's browser, with camera capture: open it, tap to upload, and take a photo of the receipt. You can add it to your home screen so it opens like an app. There's no separate app to install from an app store.",
  ],
  [
    'How does email forwarding work?',
    'You choose a username and get a personal receipt address. Forward any receipt email to it, up to 25 MB. Each image or PDF attachment becomes a receipt, and an email without attachments becomes a text receipt.',
  ],
  [
    'Can I export my expenses for my accountant or QuickBooks?',
    'Yes. Export a CSV for any spreadsheet, a QuickBooks invoice CSV for billing a client for reimbursable expenses, or a PDF with every receipt. Filter by date range, business and tag before you export.',
  ],
  [
    'Is there a free trial?',
    "No. SnapTrack is $4.99 per month with every feature included, and you can cancel at any time. If it's not for you, cancel and you won't be charged again.",
  ],
  [
    'What happens when I cancel?',
    "You keep full access until the end of the month you've paid for, and you're not charged again. Your data isn't deleted when you cancel; export it whenever you like, or ask us to delete it.",
  ],
] as const;

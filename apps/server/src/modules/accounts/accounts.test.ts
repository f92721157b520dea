import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleAccount as account, insertSampleAccounts } from '../../testing/sample-accounts.ts';
import { testContact } from '../../testing/test-account.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let rita: string;
let raj: string;
let gus: string;

beforeAll(async () => {
  t = await createTestApp();
  await insertSampleAccounts(t.handle.db);
  await t.handle.db
    .insertInto('master_contacts')
    .values([
      {
        id: 'c1',
        external_contact_id: 'x1',
        master_account_id: 'acc_walmart',
        first_name: 'Doug',
        last_name: 'McMillon',
        title: 'CEO',
        seniority: 'c_suite',
        department: 'executive',
        email: 'doug.mcmillon@walmart.com',
        email_status: 'verified',
        linkedin_url: null,
      },
      {
        id: 'c2',
        external_contact_id: null,
        master_account_id: 'acc_walmart',
        first_name: 'Ann',
        last_name: 'Empty',
        title: 'VP Sales',
        seniority: 'vp',
        department: 'sales',
        email: '',
        email_status: 'guessed',
        linkedin_url: null,
      },
      {
        id: 'c3',
        external_contact_id: null,
        master_account_id: 'acc_walmart',
        first_name: 'Pat',
        last_name: 'Placeholder',
        title: 'Director IT',
        seniority: 'director',
        department: 'it',
        email: 'email_not_unlocked@domain.com',
        email_status: 'guessed',
        linkedin_url: null,
      },
      {
        id: 'c4',
        external_contact_id: null,
        master_account_id: 'acc_walmart',
        first_name: 'Una',
        last_name: 'Unavailable',
        title: 'Manager',
        seniority: 'manager',
        department: 'finance',
        email: 'una@walmart.com',
        email_status: 'unavailable',
        linkedin_url: null,
      },
    ])
    .execute();
  [rita, raj, gus] = await Promise.all([
    t.signIn('rita@acme.test'),
    t.signIn('raj@acme.test'),
    t.signIn('gus@globex.test'),
  ]);
});
afterAll(() => t?.close());

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (cookie: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, payload: payload as Record<string, unknown> });
const search = (cookie: string, q: string, mode = 'full') =>
  get(cookie, `/api/accounts/search?${new URLSearchParams({ q, mode })}`);

describe('account search', () => {
  it('finds Walmart from "walm", de-duplicated by website', async () => {
    const res = await search(rita, 'walm');
    expect(res.statusCode).toBe(200);
    const hits = res.json().hits;
    expect(hits).toEqual([
      { master_account_id: 'acc_walmart', account_name: 'Walmart', website: 'walmart.com', logo_url: null },
    ]);
    // Typed in full-width letters, as an East Asian keyboard may.
    expect((await search(rita, 'ＷＡＬＭ')).json().hits).toEqual(hits);
  });

  it('finds a company however its name is spelt: hyphens, spaces, apostrophes, "&" or "and", "Inc"', async () => {
    await t.handle.db
      .insertInto('master_accounts')
      .values([
        account('acc_spell_mcd', "McDonald's", 'mcdonalds.example'),
        account('acc_spell_pg', 'Procter & Gamble', 'pg.example'),
        account('acc_spell_jpm', 'JPMorgan Chase', 'jpmorganchase.example'),
        account('acc_spell_coke', 'Coca-Cola', 'coca-cola.example'),
        account('acc_spell_att', 'AT&T', 'att.example'),
      ])
      .execute();
    const first = async (q: string) => (await search(rita, q)).json().hits[0]?.account_name;
    expect(await first('Wal-Mart')).toBe('Walmart');
    expect(await first('wal mart')).toBe('Walmart');
    expect(await first('walmart inc')).toBe('Walmart');
    expect(await first('mcdonalds')).toBe("McDonald's");
    expect(await first('procter and gamble')).toBe('Procter & Gamble');
    expect(await first('jp morgan')).toBe('JPMorgan Chase');
    expect(await first('cocacola')).toBe('Coca-Cola');
    expect(await first('AT&T Inc')).toBe('AT&T');
    // Autocomplete (names only) spells the same way.
    expect((await search(rita, 'wal-mart', 'autocomplete')).json().hits[0]?.account_name).toBe('Walmart');
    await t.handle.db.deleteFrom('master_accounts').where('master_account_id', 'like', 'acc_spell_%').execute();
  });

  it('finds a company by a name it is known by besides its own: "google", "P&G", "GE"', async () => {
    await t.handle.db
      .insertInto('master_accounts')
      .values([
        account('acc_alias_alphabet', 'Alphabet', 'abc.example'),
        account('acc_alias_pg', 'Procter & Gamble', 'pg.example'),
        account('acc_alias_owned', 'Zorblax Holdings', 'zorblax.example', { owner_tenant_id: 'tnt_globex' }),
      ])
      .execute();
    await t.handle.db
      .insertInto('account_aliases')
      .values([
        { alias_key: 'google', master_account_id: 'acc_alias_alphabet', alias: 'Google' },
        { alias_key: 'pg', master_account_id: 'acc_alias_pg', alias: 'P&G' },
        { alias_key: 'ge', master_account_id: 'acc_ge', alias: 'GE' },
        { alias_key: 'qwixl', master_account_id: 'acc_alias_owned', alias: 'Qwixl' },
      ])
      .execute();
    try {
      const names = async (q: string, mode = 'full') =>
        (await search(rita, q, mode)).json().hits.map((h: { account_name: string }) => h.account_name);
      expect((await names('google'))[0]).toBe('Alphabet');
      expect((await names('Goog', 'autocomplete'))[0]).toBe('Alphabet');
      expect((await names('P&G'))[0]).toBe('Procter & Gamble');
      // Two letters find an alias typed in full only, before the names that start with them.
      expect((await names('ge', 'autocomplete'))[0]).toBe('General Electric');
      expect(await names('go')).not.toContain('Alphabet');
      // Another company's uploaded account stays out, whatever it is called.
      expect(await names('qwixl')).toEqual([]);
    } finally {
      await t.handle.db
        .deleteFrom('account_aliases')
        .where('alias_key', 'in', ['google', 'pg', 'ge', 'qwixl'])
        .execute();
      await t.handle.db.deleteFrom('master_accounts').where('master_account_id', 'like', 'acc_alias_%').execute();
    }
  });

  it('finds a company through one typing slip when nothing else is found, the largest first', async () => {
    await t.handle.db
      .insertInto('master_accounts')
      .values([
        account('acc_slip_apple', 'Apple', 'apple.example', { revenue: 265_595_000_000 }),
        account('acc_slip_ample', 'Ample Hills', 'amplehills.example', { revenue: 20_000_000 }),
        account('acc_slip_seeds', 'Apple Seeds', 'appleseeds.example', { revenue: 20_000_000 }),
        account('acc_slip_mcd', "McDonald's", 'mcdonalds.example'),
        account('acc_slip_bh', 'Berkshire Hathaway', 'berkshire.example'),
      ])
      .execute();
    const names = async (q: string) =>
      (await search(rita, q)).json().hits.map((h: { account_name: string }) => h.account_name);
    // A letter missed: Apple first, the smaller name that also fits after it.
    expect(await names('aple')).toEqual(['Apple', 'Apple Seeds']);
    expect(await names('wallmart')).toEqual(['Walmart']);
    expect(await names('mcdonlads')).toEqual(["McDonald's"]);
    expect(await names('berkshire hathway')).toEqual(['Berkshire Hathaway']);
    expect(await names('exxon mobli')).toEqual(['Exxon Mobil']);
    // Found as typed: no close spelling is mixed in ("ample" does not bring Apple).
    expect(await names('ample')).toEqual(['Ample Hills']);
    // A slip right after the first letter is only a letter too many or two swapped.
    expect(await names('abple')).toEqual([]);
    expect(await names('paple')).toEqual([]);
    // Two slips are too far, and a wildcard is a letter like any other.
    expect(await names('apppple')).toEqual([]);
    expect(await names('a_ple')).toEqual([]);
    expect((await search(rita, 'aple', 'autocomplete')).json().hits[0]?.account_name).toBe('Apple');
    await t.handle.db.deleteFrom('master_accounts').where('master_account_id', 'like', 'acc_slip_%').execute();
  });

  it('matches words inside a name and the website', async () => {
    expect((await search(rita, 'mobil')).json().hits.map((h: { account_name: string }) => h.account_name)).toEqual([
      'Exxon Mobil',
    ]);
    expect((await search(rita, 'wellsfargo')).json().hits[0]?.master_account_id).toBe('acc_wells');
  });

  it('puts the account of a typed website first, however it is written', async () => {
    for (const typed of ['ge.com', 'https://www.GE.com/about']) {
      const names = (await search(rita, typed)).json().hits.map((h: { account_name: string }) => h.account_name);
      expect(names[0]).toBe('General Electric');
    }
    // A name alone still ranks alphabetically.
    const general = (await search(rita, 'general')).json().hits.map((h: { account_name: string }) => h.account_name);
    expect(general).toEqual(['General Dynamics', 'General Electric']);
  });

  it('restricts autocomplete to account names', async () => {
    // "gd" is only General Dynamics's website (gd.com): full search finds it, autocomplete does not.
    expect((await search(rita, 'gd')).json().hits[0]?.master_account_id).toBe('acc_gd');
    expect((await search(rita, 'gd', 'autocomplete')).json().hits).toEqual([]);
    // "wellsfargo" is its website and its name written without the space: a name, so found.
    expect((await search(rita, 'wellsfargo', 'autocomplete')).json().hits[0]?.master_account_id).toBe('acc_wells');
    expect((await search(rita, 'wells', 'autocomplete')).json().hits[0]?.master_account_id).toBe('acc_wells');
  });

  it('answers no hits for an empty query', async () => {
    expect((await search(rita, '   ')).json().hits).toEqual([]);
  });

  it.each([
    '"walm',
    'walm*',
    '-walm',
    'walm NEAR exxon',
    'NEAR(',
    ')(*&^%$#@!',
    "'; DROP TABLE master_accounts;--",
    'Walmart 🛒🚀',
    'a'.repeat(200),
    'account_name : walm',
    '\\',
    '%_',
  ])('never fails on hostile input %j', async (q) => {
    const res = await search(rita, q);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().hits)).toBe(true);
  });

  it('refuses a query over 200 characters with 400 naming q', async () => {
    const res = await search(rita, 'a'.repeat(201));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^q:/);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts/search?q=walm' });
    expect(res.statusCode).toBe(401);
  });
});

const people = (cookie: string, q: string) => get(cookie, `/api/contacts/search?${new URLSearchParams({ q })}`);
const names = (res: { json: () => { people: { first_name: string; last_name: string }[] } }) =>
  res.json().people.map((p) => `${p.first_name} ${p.last_name}`);
const contact = testContact;

describe('people search', () => {
  it('puts the people of the account the query names first, however it is spelt ("at&t")', async () => {
    await t.handle.db
      .insertInto('master_accounts')
      .values([
        account('acc_pp_att', 'AT&T', 'att-people.example'),
        account('acc_pp_alpha', 'Alpha Tech', 'alphatech.example'),
      ])
      .execute();
    await t.handle.db
      .insertInto('master_contacts')
      .values([
        testContact('ct_pp_att', 'acc_pp_att', 'Randall', 'Stephenson', 'Chief Executive Officer'),
        testContact('ct_pp_alpha', 'acc_pp_alpha', 'Tara', 'Atwood', 'Engineer'),
      ])
      .execute();
    try {
      const names = (await people(rita, 'at&t')).json().people.map((p: { last_name: string }) => p.last_name);
      expect(names[0]).toBe('Stephenson');
    } finally {
      await t.handle.db.deleteFrom('master_contacts').where('id', 'like', 'ct_pp_%').execute();
      await t.handle.db.deleteFrom('master_accounts').where('master_account_id', 'like', 'acc_pp_%').execute();
    }
  });

  beforeAll(async () => {
    await t.handle.db
      .insertInto('master_accounts')
      .values([
        account('acc_edison', 'Edison International', 'edisoninvestor.com'),
        account('acc_coned', 'Consolidated Edison', 'conedison.com'),
        // An upload of Globex's: its account and people are Globex's alone.
        account('acc_globex_own', 'Edison Private Holdings', null, { owner_tenant_id: 'tnt_globex' }),
      ])
      .execute();
    await t.handle.db
      .insertInto('master_contacts')
      .values([
        contact('p_pizarro', 'acc_edison', 'Pedro', 'Pizarro', 'President, Chief Executive Officer & Director'),
        contact('p_cfo', 'acc_edison', 'Maria', 'Rigatti', 'Chief Financial Officer'),
        contact('p_mcavoy', 'acc_coned', 'John', 'McAvoy', 'Chairman, President & Chief Executive Officer'),
        contact('p_secret', 'acc_globex_own', 'Petra', 'Private', 'Chief Executive Officer'),
      ])
      .execute();
  });

  it('finds the CEO of Edison International from a sentence, the abbreviation standing for the title', async () => {
    const res = await people(rita, 'the CEO of Edison International');
    expect(res.statusCode).toBe(200);
    expect(res.json().people).toEqual([
      {
        id: 'p_pizarro',
        master_account_id: 'acc_edison',
        account_name: 'Edison International',
        logo_url: null,
        first_name: 'Pedro',
        last_name: 'Pizarro',
        title: 'President, Chief Executive Officer & Director',
      },
    ]);
  });

  it('finds people by the start of a first or last name, by title words, in any case', async () => {
    expect(names(await people(rita, 'pedro piz'))).toEqual(['Pedro Pizarro']);
    // A finished sentence: its last word whole, filler words dropped, the last one too.
    expect(names(await people(rita, 'the CEO of Edison International.'))).toEqual(['Pedro Pizarro']);
    expect(names(await people(rita, 'cfo of '))).toEqual(['Maria Rigatti']);
    expect(names(await people(rita, 'MCAV'))).toEqual(['John McAvoy']);
    expect(names(await people(rita, 'chief financial'))).toEqual(['Maria Rigatti']);
    expect(names(await people(rita, 'cfo edison'))).toEqual(['Maria Rigatti']);
  });

  it('groups people by account: one account after the other, names in order within each', async () => {
    expect(names(await people(rita, 'edison'))).toEqual(['John McAvoy', 'Pedro Pizarro', 'Maria Rigatti']);
  });

  it("shows a tenant's uploaded account's people to that tenant only", async () => {
    expect(names(await people(rita, 'petra'))).toEqual([]);
    expect(names(await people(rita, 'ceo edison'))).toEqual(['John McAvoy', 'Pedro Pizarro']);
    expect(names(await people(gus, 'ceo edison'))).toEqual(['John McAvoy', 'Pedro Pizarro', 'Petra Private']);
  });

  describe('a title abbreviation with an account', () => {
    beforeAll(async () => {
      await t.handle.db
        .insertInto('master_accounts')
        .values([
          account('acc_sysco', 'Sysco', 'sysco.com'),
          account('acc_acme_foods', 'Acme Foods', 'acmefoods.com'),
          // "Chief" is a title word and this account's name.
          account('acc_chief', 'Chief Industries', 'chiefind.com'),
          // Hundreds of people, its one CFO saved last.
          account('acc_bulk', 'Bulkwidget Manufacturing', 'bulkwidget.com'),
          // A joining word inside the name.
          account('acc_bofa', 'Bank of America', 'bankofamerica.com'),
          account('acc_america', 'America First Credit', 'americafirst.com'),
        ])
        .execute();
      await t.handle.db
        .insertInto('master_contacts')
        .values([
          contact('p_sysco_ceo', 'acc_sysco', 'Kevin', 'Hourican', 'President & Chief Executive Officer'),
          contact('p_sysco_cfo', 'acc_sysco', 'Kenny', 'Cheung', 'Executive Vice President & Chief Financial Officer'),
          // A CFO named like an account, at another one.
          contact('p_acme_cfo', 'acc_acme_foods', 'Sam', 'Sysco', 'Chief Financial Officer'),
          contact('p_chief_ceo', 'acc_chief', 'Roger', 'Eschliman', 'Chief Executive Officer'),
          contact('p_chief_cfo', 'acc_chief', 'Dana', 'Quist', 'CFO'),
          contact('p_chief_sales', 'acc_chief', 'Ed', 'Ostrowski', 'Sales Manager'),
          contact('p_bofa_ceo', 'acc_bofa', 'Brian', 'Moynihan', 'Chairman & Chief Executive Officer'),
          contact('p_bofa_cfo', 'acc_bofa', 'Alastair', 'Borthwick', 'Chief Financial Officer'),
          contact('p_america_ceo', 'acc_america', 'Thayne', 'Shaffer', 'President & CEO'),
          ...Array.from({ length: 320 }, (_, i) =>
            contact(`p_bulk_${String(i).padStart(3, '0')}`, 'acc_bulk', 'Worker', `Number${i}`, 'Assembler'),
          ),
          contact('p_bulk_zcfo', 'acc_bulk', 'Bea', 'Ledger', 'Chief Financial Officer'),
        ])
        .execute();
    });

    it('finds the holder of an abbreviated title at an account named in any form', async () => {
      expect(names(await people(rita, 'ceo of edison'))).toEqual(['John McAvoy', 'Pedro Pizarro']);
      expect(names(await people(rita, 'CFO at Sysco'))).toEqual(['Kenny Cheung']);
      expect(names(await people(rita, 'the ceo of consolidated edison'))).toEqual(['John McAvoy']);
      // The account's name still being typed, and the abbreviation written out.
      expect(names(await people(rita, 'cfo at sys'))).toEqual(['Sam Sysco', 'Kenny Cheung']);
      expect(names(await people(rita, 'chief financial officer sysco'))).toEqual(['Sam Sysco', 'Kenny Cheung']);
      expect(names(await people(rita, 'the CEO of Bank of America'))).toEqual(['Brian Moynihan']);
      expect(names(await people(rita, 'the cfo of bank of america.'))).toEqual(['Alastair Borthwick']);
      expect(names(await people(rita, 'ceo america first credit'))).toEqual(['Thayne Shaffer']);
    });

    it("does not take an account's name for the title it abbreviates", async () => {
      // "Chief" in "Chief Industries" makes nobody there its CEO or CFO.
      expect(names(await people(rita, 'the CEO of Chief Industries'))).toEqual(['Roger Eschliman']);
      expect(names(await people(rita, 'cfo of chief industries'))).toEqual(['Dana Quist']);
      expect(names(await people(rita, 'chief industries'))).toEqual(['Roger Eschliman', 'Ed Ostrowski', 'Dana Quist']);
    });

    it("reads an account's whole name after the title as that account, not as a person's name", async () => {
      expect(names(await people(rita, 'CFO at Sysco'))).toEqual(['Kenny Cheung']);
      expect(names(await people(rita, 'the cfo of sysco.'))).toEqual(['Kenny Cheung']);
      expect(names(await people(rita, 'cfo sysco'))).toEqual(['Kenny Cheung']);
      // No account has that whole name: every word anywhere, as before.
      expect(names(await people(rita, 'cfo sysc'))).toEqual(['Sam Sysco', 'Kenny Cheung']);
      expect(names(await people(rita, 'cfo of acme'))).toEqual(['Sam Sysco']);
    });

    it('answers nobody for an account without that title', async () => {
      expect(names(await people(rita, 'cto of sysco'))).toEqual([]);
      expect(names(await people(rita, 'the CEO of Bulkwidget Manufacturing'))).toEqual([]);
    });

    it('finds an abbreviation typed alone or still being typed as the title it stands for', async () => {
      // Written out, abbreviated in the title, or inside a longer title: every CFO, by account.
      expect(names(await people(rita, 'cfo'))).toEqual([
        'Sam Sysco',
        'Alastair Borthwick',
        'Bea Ledger',
        'Dana Quist',
        'Maria Rigatti',
        'Kenny Cheung',
      ]);
      // "Executive Vice President" holds both "vp" and "evp".
      expect(names(await people(rita, 'evp sysco'))).toEqual(['Kenny Cheung']);
      expect(names(await people(rita, 'vp sysc'))).toEqual(['Kenny Cheung']);
      // "cf" is not yet "cfo": only a title with a word that starts so.
      expect(names(await people(rita, 'cf'))).toEqual(['Dana Quist']);
      expect(names(await people(rita, 'chief cf'))).toEqual(['Dana Quist']);
    });

    it('finds the one title holder among hundreds of people of an account', async () => {
      expect(names(await people(rita, 'cfo of bulkwidget'))).toEqual(['Bea Ledger']);
    });

    it("keeps a tenant's uploaded account and its people to that tenant", async () => {
      expect(names(await people(rita, 'the CEO of Edison Private Holdings'))).toEqual([]);
      expect(names(await people(gus, 'the CEO of Edison Private Holdings'))).toEqual(['Petra Private']);
      expect(names(await people(gus, 'cfo of edison private'))).toEqual([]);
    });
  });

  it('finds a person under the account name it has after a rename', async () => {
    await t.handle.db
      .updateTable('master_accounts')
      .set({ account_name: 'Consolidated Edison Renamed' })
      .where('master_account_id', '=', 'acc_coned')
      .execute();
    try {
      expect(names(await people(rita, 'renamed'))).toEqual(['John McAvoy']);
      // The document written again keeps what the title's abbreviation finds.
      expect(names(await people(rita, 'ceo renamed'))).toEqual(['John McAvoy']);
    } finally {
      await t.handle.db
        .updateTable('master_accounts')
        .set({ account_name: 'Consolidated Edison' })
        .where('master_account_id', '=', 'acc_coned')
        .execute();
    }
  });

  it.each([
    '"edison',
    'ceo*',
    '-ceo',
    'NEAR(',
    ')(*&^%$#@!',
    "'; DROP TABLE master_contacts;--",
    'a & b | !c',
    '\\',
    '%_',
  ])('never fails on hostile input %j', async (q) => {
    const res = await people(rita, q);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().people)).toBe(true);
  });

  it('answers nobody for an empty query, 400 naming q over 200 characters, and 401 without a session', async () => {
    expect((await people(rita, '  ')).json().people).toEqual([]);
    const long = await people(rita, 'a'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/^q:/);
    expect((await t.app.inject({ method: 'GET', url: '/api/contacts/search?q=pedro' })).statusCode).toBe(401);
  });
});

describe('account page', () => {
  it('answers the account, its signals newest first and its contacts with unusable emails hidden', async () => {
    const res = await get(rita, '/api/accounts/acc_walmart');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.account.revenue).toBe(514_405_000_000);
    expect(body.signals.map((s: { id: string }) => s.id)).toEqual(['h2', 'h1']);
    const emails = Object.fromEntries(body.contacts.map((c: { id: string; email: string | null }) => [c.id, c.email]));
    expect(emails).toEqual({ c1: 'doug.mcmillon@walmart.com', c2: null, c3: null, c4: null });
    expect(body.is_favorite).toBe(false);
    expect(body.in_territory).toBe(false);
  });

  it('answers 404 "Account not found" for an unknown id', async () => {
    const res = await get(rita, '/api/accounts/acc_nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Account not found');
  });

  it('keeps favourites per user and reports whether one was created', async () => {
    const first = await send(rita, 'PUT', '/api/accounts/acc_exxon/favorite', { favorite: true });
    expect(first.json()).toEqual({ is_favorite: true, created: true });
    const again = await send(rita, 'PUT', '/api/accounts/acc_exxon/favorite', { favorite: true });
    expect(again.json().created).toBe(false);
    expect((await get(rita, '/api/accounts/acc_exxon')).json().is_favorite).toBe(true);
    expect((await get(raj, '/api/accounts/acc_exxon')).json().is_favorite).toBe(false);
    await send(rita, 'PUT', '/api/accounts/acc_exxon/favorite', { favorite: false });
    expect((await get(rita, '/api/accounts/acc_exxon')).json().is_favorite).toBe(false);
  });

  it('shares comments within the tenant only, stored verbatim', async () => {
    const html = '<img src=x onerror=alert(1)> call them Monday';
    const posted = await send(rita, 'POST', '/api/accounts/acc_wells/comments', { text: html });
    expect(posted.statusCode).toBe(200);
    const seenByRaj = (await get(raj, '/api/accounts/acc_wells/comments')).json().comments;
    expect(seenByRaj[0]).toMatchObject({ text: html, author: { display_name: 'Rita Rep' } });
    expect((await get(gus, '/api/accounts/acc_wells/comments')).json().comments).toEqual([]);
  });

  it('lets only its author edit or delete a comment: a colleague gets 403, another tenant 404', async () => {
    const posted = await send(rita, 'POST', '/api/accounts/acc_wells/comments', { text: 'First draft' });
    const mine = posted.json().comments[0] as { id: number; can_edit: boolean; edited_at: string | null };
    expect(mine).toMatchObject({ can_edit: true, edited_at: null });
    const url = `/api/accounts/acc_wells/comments/${mine.id}`;
    expect((await get(raj, '/api/accounts/acc_wells/comments')).json().comments[0]).toMatchObject({ can_edit: false });

    expect((await send(raj, 'PATCH', url, { text: 'Hijacked' })).statusCode).toBe(403);
    expect((await send(raj, 'DELETE', url, undefined)).statusCode).toBe(403);
    expect((await send(gus, 'PATCH', url, { text: 'Hijacked' })).statusCode).toBe(404);
    expect((await send(gus, 'DELETE', url, undefined)).statusCode).toBe(404);
    expect((await send(rita, 'PATCH', `/api/accounts/acc_exxon/comments/${mine.id}`, { text: 'x' })).statusCode).toBe(
      404,
    );

    const edited = await send(rita, 'PATCH', url, { text: 'Second draft' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comments[0]).toMatchObject({
      id: mine.id,
      text: 'Second draft',
      edited_at: expect.any(String),
    });
    expect((await send(rita, 'PATCH', url, { text: '  ' })).statusCode).toBe(400);

    const deleted = await send(rita, 'DELETE', url, undefined);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().comments.map((c: { id: number }) => c.id)).not.toContain(mine.id);
    expect((await send(rita, 'DELETE', url, undefined)).statusCode).toBe(404);
  });

  it('refuses an empty or over-long comment with 400 naming text', async () => {
    for (const text of ['   ', 'x'.repeat(2001)]) {
      const res = await send(rita, 'POST', '/api/accounts/acc_wells/comments', { text });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/^text:/);
    }
  });
});

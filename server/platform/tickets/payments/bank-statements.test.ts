import { describe, expect, it } from 'vitest'
import { readStatement, StatementProblem } from './bank-statements.ts'

/** A CAMT.053 (version 8) statement with a single credit, a batch of two, a debit and a pending credit. */
const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-1</MsgId><CreDtTm>2026-11-30T08:00:00Z</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-1-1</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">299.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-29</Dt></BookgDt><AcctSvcrRef>BANK-0001</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties><Dbtr><Pty><Nm>王小明</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Ref>RF19KMXCDWHE</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">150.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-29</Dt></BookgDt>
        <NtryDtls>
          <TxDtls><Amt Ccy="EUR">100.00</Amt><RltdPties><Dbtr><Nm>Ana Souza</Nm></Dbtr></RltdPties><RmtInf><Ustrd>Tickets order one</Ustrd></RmtInf></TxDtls>
          <TxDtls><Amt Ccy="EUR">50.50</Amt><RmtInf><Ustrd>second</Ustrd></RmtInf></TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry><Amt Ccy="EUR">20.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts></Ntry>
      <Ntry><Amt Ccy="EUR">20.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>PDNG</Cd></Sts></Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`

describe('bank statements', () => {
  it('when a CAMT.053 is read, then booked credits come out in the currency’s digits, batches split, debits and pending left out', () => {
    const lines = readStatement(Buffer.from(camt))
    expect(lines.map(({ amountMinor, currency, text, payer, bookedOn }) => ({ amountMinor, currency, text, payer, bookedOn }))).toEqual([
      { amountMinor: 29900, currency: 'EUR', text: 'RF19KMXCDWHE', payer: '王小明', bookedOn: '2026-11-29' },
      { amountMinor: 10000, currency: 'EUR', text: 'Tickets order one', payer: 'Ana Souza', bookedOn: '2026-11-29' },
      { amountMinor: 5050, currency: 'EUR', text: 'second', payer: null, bookedOn: '2026-11-29' },
    ])
    expect(lines[0]?.key).toBe('camt:ref:BANK-0001')
  })

  it('when the same file is read twice, then every line has the same key, and identical lines keep keys of their own', () => {
    const csv = 'Date,Amount,Currency,Reference,Payer\r\n2026-11-29,299.00,EUR,RF19 KMXC DWHE,Ana\r\n2026-11-29,299.00,EUR,RF19 KMXC DWHE,Ana\r\n'
    const first = readStatement(Buffer.from(csv)).map((line) => line.key)
    expect(readStatement(Buffer.from(csv)).map((line) => line.key)).toEqual(first)
    expect(new Set(first).size).toBe(2)
  })

  it('when a CSV uses semicolons, a byte-order mark, quotes and decimal commas, then it reads; money going out is skipped', () => {
    const csv =
      '\uFEFFBuchungsdatum;Betrag;Currency;Purpose;Name;ID\n2026-11-29;"1.299,50";eur;"Order ""RF19KMXCDWHE""";Jörg;TX-9\n2026-11-29;-10,00;EUR;fee;;TX-10\n'
    // Column names we do not know are refused, never guessed.
    expect(() => readStatement(Buffer.from(csv))).toThrow(StatementProblem)
    const known = csv.replace('Buchungsdatum;Betrag', 'Date;Amount')
    expect(readStatement(Buffer.from(known))).toEqual([
      { key: 'csv:ref:TX-9', bookedOn: '2026-11-29', amountMinor: 129950, currency: 'EUR', text: 'Order "RF19KMXCDWHE"', payer: 'Jörg' },
    ])
  })

  it('when a file is hostile or broken, then it is refused with a reason and never read further', () => {
    const problem = (text: string) => {
      try {
        readStatement(Buffer.from(text))
      } catch (error) {
        return error instanceof StatementProblem ? error.code : String(error)
      }
      return 'read'
    }
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">&lol2;</Amt></Ntry></Stmt></BkToCstmrStmt></Document>`
    expect(problem(bomb)).toBe('console:bankTransfer.badXml')
    const external = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>`
    expect(problem(external)).toBe('console:bankTransfer.badXml')
    expect(problem('<Document><BkToCstmrStmt>')).toBe('console:bankTransfer.badXml')
    expect(problem('<Other/>')).toBe('console:bankTransfer.notCamt')
    expect(problem(camt.replace('299.00', '299.001'))).toBe('console:bankTransfer.badAmount')
    expect(problem(camt.replace('Ccy="EUR">299.00', 'Ccy="XXX">299.00'))).toBe('console:bankTransfer.badCurrency')
    expect(problem('Date,Amount\n2026-11-29,5\n')).toBe('console:bankTransfer.csvColumns')
    expect(problem('Amount,Currency,Reference\n"5,EUR,x\n')).toBe('console:bankTransfer.badCsv')
    expect(problem('Amount,Currency,Reference\nfive,EUR,x\n')).toBe('console:bankTransfer.badAmount')
    expect(problem(`Amount,Currency,Reference\n${'1.00,EUR,x\n'.repeat(3001)}`)).toBe('console:bankTransfer.tooManyLines')
    expect(problem('x'.repeat(900_001))).toBe('console:bankTransfer.fileTooLarge')
  })
})

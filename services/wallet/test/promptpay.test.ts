import { crc16ccitt, normalisePromptPayId, promptPayPayload } from '../src/domain/promptpay';

describe('PromptPay EMVCo payload (simulated provider QR, ARCHITECTURE §8)', () => {
  it('computes CRC-16/CCITT-FALSE with the standard check value', () => {
    // The catalogued check value of CRC-16/CCITT-FALSE over the ASCII digits 1-9.
    expect(crc16ccitt('123456789')).toBe(0x29b1);
  });

  it('matches the golden dynamic payload of the promptpay-qr reference implementation', () => {
    expect(promptPayPayload('000-000-0000', 4.22)).toBe(
      '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
    );
  });

  it('matches the golden static payload (no amount: point of initiation 11)', () => {
    expect(promptPayPayload('0000000000')).toBe('00020101021129370016A000000677010111011300660000000005802TH530376463048956');
  });

  it('writes the package price with two decimals and a valid checksum', () => {
    const payload = promptPayPayload('0812345678', 19);
    expect(payload).toContain('011300668123456785802TH5303764540519.00');
    const body = payload.slice(0, -4);
    expect(payload.slice(-4)).toBe(crc16ccitt(body).toString(16).toUpperCase().padStart(4, '0'));
  });

  it('uses tag 02 for a 13-digit national or tax id and tag 03 for a 15-digit e-wallet id', () => {
    expect(normalisePromptPayId('1234567890123')).toEqual({ tag: '02', value: '1234567890123' });
    expect(normalisePromptPayId('123456789012345')).toEqual({ tag: '03', value: '123456789012345' });
    expect(promptPayPayload('1234567890123', 1)).toContain('0213123456789012');
  });

  it('refuses ids that are not PromptPay proxies and amounts that are not positive', () => {
    expect(normalisePromptPayId('12345')).toBeNull();
    expect(normalisePromptPayId('08-ABC')).toBeNull();
    expect(normalisePromptPayId('1812345678')).toBeNull();
    expect(() => promptPayPayload('0812345678', 0)).toThrow(RangeError);
    expect(() => promptPayPayload('0812345678', Number.NaN)).toThrow(RangeError);
  });
});

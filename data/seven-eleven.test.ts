import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConvenienceStoresFileSchema, insideTaiwan } from '../core/shares/convenience-stores.ts';
import { readDelimited, readEmapXml, readStoreList } from './seven-eleven-import.ts';

describe('data/711_stores.json', () => {
  it('is what the import script makes of the committed list: real stores, each inside Taiwan, none twice', () => {
    const file = ConvenienceStoresFileSchema.parse(
      JSON.parse(readFileSync('data/711_stores.json', 'utf8')),
    );
    const rebuilt = readStoreList(
      'data/stores/7-eleven-2022-02-20.tsv',
      readFileSync('data/stores/7-eleven-2022-02-20.tsv', 'utf8'),
    );
    expect(file.stores).toEqual(rebuilt.stores);
    expect(file.stores.length).toBeGreaterThan(6000);
    expect(file.stores.every((store) => insideTaiwan(store.lat, store.lon))).toBe(true);
    expect(new Set(file.stores.map((store) => `${store.name}|${store.address}`)).size).toBe(
      file.stores.length,
    );
    // Every city and county of Taiwan, the islands included, has stores.
    expect(new Set(file.stores.map((store) => store.city)).size).toBe(22);
    expect(file.source).toContain('leoshiang/get-taiwan-poi');
  });
});

describe('reading a store list', () => {
  it('reads an official CSV with the chain’s column names, degrees ×10⁶ and quoted fields', () => {
    const csv = [
      'POIID,POIName,X,Y,Address',
      '"123456","信義","121567000","25033000","台北市信義區松高路1號, 1樓"',
      '"123457","遠方","0","0","台北市"',
      '"123456","信義","121567000","25033000","台北市信義區松高路1號, 1樓"',
    ].join('\r\n');
    const result = readDelimited(csv);
    expect(result.stores).toEqual([
      {
        id: '123456',
        name: '信義',
        address: '台北市信義區松高路1號, 1樓',
        city: '台北市',
        district: '信義區',
        lat: 25.033,
        lon: 121.567,
      },
    ]);
    expect(result.dropped).toEqual({
      noCoordinates: 1,
      outsideTaiwan: 0,
      repeated: 1,
      incomplete: 0,
    });
  });

  it('reads the chain’s e-map XML and drops a store outside Taiwan', () => {
    const xml = `<?xml version="1.0"?><iMapSDKOutput>
      <GeoPosition><POIID> 987654 </POIID><POIName>金湖門市</POIName><X>118419000</X><Y>24441000</Y><Address>金門縣金湖鎮中正路1號</Address></GeoPosition>
      <GeoPosition><POIID>111111</POIID><POIName>東京</POIName><X>139700000</X><Y>35680000</Y><Address>東京都</Address></GeoPosition>
    </iMapSDKOutput>`;
    const result = readEmapXml(xml);
    expect(result.stores).toEqual([
      {
        id: '987654',
        name: '金湖',
        address: '金門縣金湖鎮中正路1號',
        city: '金門縣',
        district: '金湖鎮',
        lat: 24.441,
        lon: 118.419,
      },
    ]);
    expect(result.dropped.outsideTaiwan).toBe(1);
  });

  it('refuses a file whose header names no coordinates', () => {
    expect(() => readDelimited('name,address\n信義,台北市')).toThrow(/header/);
  });
});

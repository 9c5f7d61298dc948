/** The award handbook in English (layout: handbook.ts). General advice: no prices, rates or dates. */
import type { Handbook } from './handbook.ts';

export const handbookEn: Handbook = {
  lang: 'en',
  font: 'Noto Sans CJK SC',
  title: 'Award Booking Handbook',
  year: '2027',
  subtitle: 'A practical guide to booking flights with airline miles and credit-card points',
  byline: 'By the TripPlus team',
  coverNote:
    'General guidance, not advice about your own accounts. Loyalty programmes change their rules; always check the current terms before you book.',
  aboutTitle: 'About this handbook',
  about: [
    {
      p: 'Booking a flight with miles rewards a little patience and a lot of care. This handbook collects the habits that make award bookings go smoothly: knowing which airlines can sell you which seats, searching with flexibility, moving points only at the right moment, understanding the cash you still pay, and reading the rules before you commit.',
    },
    {
      p: 'It is <strong>general guidance</strong>. Airline and bank programmes change their award prices, partners, fees and rules, sometimes with little notice, and the rules differ between countries and between cards. Treat everything here as a starting point and confirm the details with the programme itself before you transfer points or pay.',
    },
    {
      tip: 'Where we give an example, it is an illustration of how to think about a booking, not a current price, rate or rule.',
    },
  ],
  contentsTitle: 'Contents',
  chapterLabel: (n) => `Chapter ${n}`,
  tipLabel: 'Tip',
  running: 'TripPlus · Award Booking Handbook 2027',
  chapters: [
    {
      title: 'Airline alliances and partner awards',
      blocks: [
        {
          p: 'An <strong>airline alliance</strong> is a group of airlines that agree to work together: connecting itineraries, shared lounges, recognition of each other’s elite status and, most important for award travellers, the ability to earn and spend miles across member airlines.',
        },
        {
          p: 'The large global alliances are <strong>Star Alliance</strong>, <strong>oneworld</strong> and <strong>SkyTeam</strong>. Each has its own member airlines, and membership changes over time: airlines join, leave or switch. Check the alliance’s own website for the current list rather than relying on memory.',
        },
        {
          p: 'Many airlines also have partners <em>outside</em> their alliance. The partner list on a programme’s website is the authoritative list of what you can book with its miles.',
        },
        { p: 'Why partner awards matter:' },
        {
          list: [
            '<strong>More places and dates.</strong> Your miles can reach destinations and schedules your own airline does not fly.',
            '<strong>Different prices for the same seat.</strong> The miles and the cash needed for one flight can differ a great deal depending on which programme you book it through.',
            '<strong>Different access.</strong> Airlines decide which award seats they release to partners. Sometimes a partner programme can see a seat; sometimes only the operating airline’s own members can book it.',
          ],
        },
        {
          tip: 'Think of your miles as a currency accepted in several shops. Before spending, compare which programme asks the least, in miles and in cash, for the seat you want.',
        },
      ],
    },
    {
      title: 'Searching for award space',
      blocks: [
        {
          p: 'Award seats are a limited share of the seats on a flight. How many are released varies by airline, route, cabin and date, and it changes as departure approaches.',
        },
        {
          p: '<strong>Where to search.</strong> Use the website of the programme you will book with, the operating airline’s website and search tools such as TripPlus award search. Sites do not always agree: partner seats shown in one place may be missing in another, and occasionally a seat is displayed that cannot actually be booked. Confirm the seat with the programme you will book through before moving any points.',
        },
        { p: '<strong>Flexibility is your strongest tool:</strong>' },
        {
          list: [
            '<strong>Dates:</strong> search a range of days, not a single date; use calendar views where offered.',
            '<strong>Airports:</strong> consider nearby departure and arrival airports, and returning from a different city.',
            '<strong>Routing:</strong> search each leg separately. A connection through a hub may have space when the nonstop does not.',
            '<strong>Cabins:</strong> be ready to mix cabins, for example economy on a short connection and business on the long flight. Check how the programme prices a mixed-cabin trip.',
          ],
        },
        {
          p: '<strong>Timing.</strong> Some airlines release seats when the schedule opens, others nearer departure, and some in both ways. Searching early and searching again later are both worthwhile; set alerts where a tool offers them.',
        },
        {
          tip: 'Write down what you find: airline, flight number, date, cabin and the programme that showed it. You will need these details to repeat the search, or to book by phone.',
        },
      ],
    },
    {
      title: 'Transferring bank points to airline programmes',
      blocks: [
        {
          p: 'Many credit-card reward programmes let you convert points into airline miles. Which airlines are partners, the conversion ratio, fees, minimum amounts and steps all vary by card issuer and by country, and they change. Check your issuer’s current terms every time.',
        },
        {
          list: [
            '<strong>Transfer only when you have found the seat.</strong> Points in a bank programme can go to several airlines; once transferred, they belong to one.',
            '<strong>Transfers are usually irreversible.</strong> In most cases you cannot move miles back to the bank, even if the seat disappears.',
            '<strong>Transfers are not always instant.</strong> Some arrive quickly, others take days, and seats can be taken meanwhile. If the programme offers holds, consider holding first (chapter 5).',
            '<strong>Names must match.</strong> The name on your card account and on your airline account usually need to be the same. Some programmes also require the airline account to be verified first.',
            '<strong>Transfer only what you need.</strong> Work out the miles required, add the transfer increments, and move that amount, not more.',
          ],
        },
        {
          p: 'Issuers sometimes run transfer bonuses. A bonus helps when you already have a booking in mind; it is not a reason to move points with no plan, because unused miles can lose value when a programme changes its award prices.',
        },
        {
          tip: 'An illustration: if a seat needs a certain number of miles and your bank converts in fixed steps, round up to the next step, check whether your account already has some miles, and transfer only the difference.',
        },
      ],
    },
    {
      title: 'Taxes, fees and fuel surcharges',
      blocks: [
        {
          p: 'An award ticket is rarely free. You pay government taxes and airport charges, and some programmes add <strong>carrier-imposed surcharges</strong>, often called fuel surcharges.',
        },
        {
          p: 'Surcharges depend on the programme you book through, the airline operating the flight, the route and sometimes the country you start from. The same seat can carry very different cash costs in different programmes, and some programmes add no surcharges on certain partners at all.',
        },
        {
          list: [
            '<strong>Compare the total:</strong> miles <em>and</em> cash. A booking that needs fewer miles but carries large surcharges may be worse value than one that needs more miles and less cash.',
            '<strong>See the price before paying:</strong> most programmes show taxes and surcharges before you confirm. Run a search through to the payment page to see the full amount.',
            '<strong>Count the other fees:</strong> phone-booking fees, partner-award fees, and change or cancellation fees.',
            '<strong>Check the currency:</strong> the cash part may be charged in a foreign currency, so your card may add a foreign-transaction fee.',
          ],
        },
        {
          p: 'Rules on surcharges also differ between countries, so a trip starting in one place can cost a different amount of cash from the same trip in the other direction. Check rather than assume.',
        },
      ],
    },
    {
      title: 'Holds, changes and cancellations',
      blocks: [
        {
          p: 'Each programme has its own rules, and they change. Read them before you book and keep a copy or screenshot of the terms that applied on the day you booked.',
        },
        {
          list: [
            '<strong>Holds.</strong> Some programmes let you hold an award for a while without paying, some only by phone, some not at all. A hold is useful while a points transfer completes, but confirm how long it lasts and do not count on one you have not seen confirmed.',
            '<strong>Changes.</strong> Changing the date or flight may be free, may cost a fee, or may not be allowed once travel has begun. A change usually needs new award space on the new flight.',
            '<strong>Cancellations.</strong> Miles may be returned to your account, with or without a fee, or not returned when you cancel close to departure. Taxes are often refundable; surcharges may or may not be. Points you transferred from a bank do not go back to the bank.',
            '<strong>Schedule changes.</strong> If the airline changes your flight significantly, you may be offered other options; contact the programme you booked with.',
          ],
        },
        {
          tip: 'After booking, look up your reservation on the operating airline’s website too. Check that a ticket number has been issued, that names and flights are right, and choose seats and meals there if you can.',
        },
      ],
    },
    {
      title: 'Checklist before you book',
      blocks: [
        {
          checks: [
            'I have found seats on every leg, in the cabin I want, for every traveller.',
            'The seat is bookable through the programme I will use, not only shown on another site.',
            'I have compared the total cost, in miles and cash, in each programme that can book it.',
            'I know the taxes, fees and surcharges, and the currency they are charged in.',
            'I have read the programme’s change, cancellation and refund rules, and whether a hold is possible.',
            'For a transfer: I have checked the partner, the ratio, the steps and the expected time with my bank, and I will move only the points I need.',
            'Names on the booking match the passports exactly, and account names match for the transfer.',
            'Passports are valid long enough and visas or entry permits are checked for every country, transits included.',
            'After booking: the ticket number is issued, the booking shows on the operating airline’s site and the confirmations are saved.',
          ],
        },
        {
          p: 'If anything is unclear, ask the programme before you transfer or pay. A short call can save a lot of miles.',
        },
      ],
    },
  ],
};

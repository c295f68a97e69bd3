/** The words for a game's own fields, shared by the forms that host one game and a weekly series. */
export const gameFields = {
  slots: 'Slots',
  price: 'Price',
  currency: 'Currency',
  format: 'Format',
  doubles: 'Doubles',
  singles: 'Singles',
  visibility: 'Who can find it',
  public: 'Everyone (public)',
};

/**
 * jsdom has no layout: give every element a box of this size so a virtualizer has something to fill;
 * returns the undo.
 */
export function fakeLayoutBox(width: number, height: number): () => void {
  const heightSpy = jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(height);
  const widthSpy = jest.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(width);
  return () => {
    heightSpy.mockRestore();
    widthSpy.mockRestore();
  };
}

"""Record sheets: the SSD document, its layout, and the SVG, PDF and text backends.

`document` and `layout` are pure; `svg`, `pdf` and `text` draw a layout;
`export` reads designs and writes the chosen format atomically.
"""

"""Card art and the rendered images: hand, table, score sheet, final standings."""

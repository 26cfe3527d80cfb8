"""Languages: choosing a request's language, the browser's catalogue, refusals said in the reader's language."""

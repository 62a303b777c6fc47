"""Word vectors: the store, the navec and gensim readers, model files, registry and download."""

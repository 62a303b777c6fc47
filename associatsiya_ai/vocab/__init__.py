"""The bots' vocabulary: the words a bot may say, their vectors and priors, build and cache."""

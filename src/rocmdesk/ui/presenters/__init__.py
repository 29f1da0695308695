"""What each page shows, as plain objects: the pages are views over these, and they are tested without widgets."""

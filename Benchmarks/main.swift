// Placeholder: the benchmark is being written (issue 9).
print("benchmark not written yet")
